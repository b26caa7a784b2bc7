import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { boolField, formDataToObject, listField, listFieldName, urlListField } from './common.ts'

const Lists = z.object({ tags: listField(), images: urlListField() })

function form(entries: [string, string][]): FormData {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

describe('lists added one by one (ListInput posts `name[]`)', () => {
  it('reads `name[]` as an array under `name`, even with a single item', () => {
    expect(listFieldName('tags')).toBe('tags[]')
    expect(formDataToObject(form([['tags[]', 'a, b']]))).toEqual({ tags: ['a, b'] })
    expect(
      formDataToObject(
        form([
          ['tags[]', 'a, b'],
          ['title', 'Refonte'],
          ['tags[]', 'c'],
        ]),
      ),
    ).toEqual({ tags: ['a, b', 'c'], title: 'Refonte' })
  })

  it('never splits an item on commas, with one item or several', () => {
    const one = Lists.parse(
      formDataToObject(
        form([
          ['tags[]', ' a, b '],
          ['tags[]', ''],
          ['images[]', 'https://x.fr/a,b.png'],
        ]),
      ),
    )
    expect(one).toEqual({ tags: ['a, b'], images: ['https://x.fr/a,b.png'] })
    const several = Lists.parse(
      formDataToObject(
        form([
          ['tags[]', 'a, b'],
          ['tags[]', 'c'],
        ]),
      ),
    )
    expect(several.tags).toEqual(['a, b', 'c'])
  })
})

describe('comma-separated text fields (timeline, blog, media tags; keywords)', () => {
  it('split on commas, trimmed, empties dropped', () => {
    const parsed = Lists.parse(formDataToObject(form([['tags', ' a, ,b ,']])))
    expect(parsed.tags).toEqual(['a', 'b'])
    expect(listField().parse('Lyon, , Nuit ')).toEqual(['Lyon', 'Nuit'])
  })
})

describe('boolField, the one reading of a checkbox', () => {
  it('reads a ticked box, alone or after a hidden "false", and anything else as unticked', () => {
    for (const ticked of ['on', 'true', '1', true, ['false', 'on'], ['false', 'true']])
      expect(boolField.parse(ticked)).toBe(true)
    for (const unticked of [undefined, null, '', 'false', 'off', false, ['false'], []])
      expect(boolField.parse(unticked)).toBe(false)
  })
})
