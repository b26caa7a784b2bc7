import { describe, expect, it } from 'vitest'
import { hasImageWithoutAlt } from './markdown.ts'

describe('hasImageWithoutAlt', () => {
  it('finds an image with an empty alt unless it is marked decorative', () => {
    expect(hasImageWithoutAlt('Texte ![Un chat](/media/a.jpg) fin')).toBe(false)
    expect(hasImageWithoutAlt('![](/media/a.jpg "décorative")')).toBe(false)
    expect(hasImageWithoutAlt('Texte ![](/media/a.jpg) fin')).toBe(true)
    expect(hasImageWithoutAlt('![ ](https://exemple.fr/a.png "Légende")')).toBe(true)
    expect(hasImageWithoutAlt('Un lien [](/blog) sans image')).toBe(false)
  })
})
