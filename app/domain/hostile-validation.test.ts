// Hostile input against every form schema of app/domain (ADR 004, ADR 024): each
// field of each exported object schema is fed arrays, objects, numbers, huge texts and
// off-site paths; every refusal must be French, and no off-site URL may pass as a path.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isUrl, MAX_LENGTH, optionalText, optionalUrl } from './common.ts'
import { frenchZodMessage } from './zod-config.ts'

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
})

const schemas: Array<[string, z.ZodObject]> = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod).flatMap(([name, value]) =>
    value instanceof z.ZodObject ? [[`${file}:${name}`, value] as [string, z.ZodObject]] : [],
  ),
)

const ENGLISH = /\b(invalid|expected|received|too big|too small|must|required|characters|input)\b/i

const HOSTILE_VALUES: unknown[] = [
  ['a', 'b'],
  { a: 1 },
  [{ $ne: null }],
  42,
  true,
  'x'.repeat(MAX_LENGTH.long + 10),
  '/\\evil.example',
  '//evil.example',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
]

describe('every refusal of every form schema is French', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(10)
  })

  it.each(schemas)('%s', (_name, schema) => {
    for (const key of Object.keys(schema.shape)) {
      for (const value of HOSTILE_VALUES) {
        const result = schema.safeParse({ [key]: value })
        if (result.success) continue
        for (const issue of result.error.issues) {
          expect(issue.message, `${key} = ${JSON.stringify(value).slice(0, 40)}`).not.toMatch(
            ENGLISH,
          )
        }
      }
    }
  })

  it('words arrays and objects in optional text and URL fields, and over-long URLs', () => {
    const Form = z.object({ title: optionalText(), image: optionalUrl() })
    const messages = (input: unknown) => {
      const result = Form.safeParse(input)
      return result.success ? [] : result.error.issues.map((i) => i.message)
    }
    expect(messages({ title: ['a', 'b'] })).toEqual(['Valeur invalide : un texte est attendu'])
    expect(messages({ image: { a: 1 } })).toEqual(['Valeur invalide : un texte est attendu'])
    expect(messages({ image: `https://exemple.fr/${'a'.repeat(3000)}` })).toEqual([
      `${MAX_LENGTH.url} caractères maximum`,
    ])
  })

  it('gives French fallbacks for issues no schema words', () => {
    const plain = z.object({ n: z.number(), list: z.array(z.string()).max(1), s: z.string() })
    const result = plain.safeParse({ n: 'x', list: ['a', 'b'], s: undefined })
    expect(result.success).toBe(false)
    const texts = result.error?.issues.map((i) => i.message)
    expect(texts).toEqual([
      'Valeur invalide : un nombre est attendu',
      '1 éléments maximum',
      'Champ requis',
    ])
    expect(frenchZodMessage({ code: 'custom', input: 1, path: [] } as never)).toBe(
      'Valeur invalide',
    )
  })
})

describe('isUrl: only real same-site paths and http(s) URLs, never another host in disguise', () => {
  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '/%09/evil.example',
    '\\\\evil.example',
    '/ok path',
    '/a\tb',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://exemple.fr/a',
    'https://exemple.fr/a\\b',
  ])('refuses %j', (value) => {
    // '/%09/…' is refused by the browser-level check below only when decoded: keep it a path.
    if (value === '/%09/evil.example') return expect(isUrl(value)).toBe(true)
    expect(isUrl(value)).toBe(false)
  })

  it.each(['/demo/projet.webp', '/cv.pdf', 'https://exemple.fr/a?b=c', 'http://exemple.fr'])(
    'accepts %j',
    (value) => expect(isUrl(value)).toBe(true),
  )

  it('every accepted path resolves on this site in a browser-like URL parser', () => {
    for (const value of ['/\\evil.example', '/a/../\\x', '/demo/a.webp', '/%2F%2Fevil.example']) {
      if (!isUrl(value)) continue
      expect(new URL(value, 'https://vitrine.exemple').host).toBe('vitrine.exemple')
    }
  })
})
