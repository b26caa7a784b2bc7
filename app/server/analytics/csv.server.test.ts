// The statistics' CSV opens in Excel in French (ADR 096): a UTF-8 BOM, ';' between cells,
// RFC 4180 quoting of cells holding ';', '"' or a line break, and no formula ever run.
import { expect, test } from 'vitest'
import { toCsv } from './csv.server.ts'

test('a CSV is ; separated after a BOM, quoted where needed, formulas inert', () => {
  const csv = toCsv(
    ['Page', 'Titre', 'Visiteurs'],
    [
      ['/projets', 'Café; crème', 12],
      ['/a', 'Dit "bonjour"', 3],
      ['=HYPERLINK("http://evil.test")', '', 1],
    ],
  )
  expect(csv.startsWith('\uFEFF')).toBe(true)
  expect(csv.slice(1).split('\r\n')).toEqual([
    'Page;Titre;Visiteurs',
    '/projets;"Café; crème";12',
    '/a;"Dit ""bonjour""";3',
    `"'=HYPERLINK(""http://evil.test"")";;1`,
    '',
  ])
})
