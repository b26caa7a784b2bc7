import { describe, expect, it } from 'vitest'
import { defaultBlogAuthor } from './author.ts'

describe('defaultBlogAuthor', () => {
  const account = { name: 'compte-admin', email: 'admin@exemple.fr' }

  it("starts from the profile's name and avatar, not the account's name", () => {
    expect(
      defaultBlogAuthor({ profile: { name: 'Camille Laurent', avatar: '/a.webp' }, account }),
    ).toEqual({ name: 'Camille Laurent', avatar: '/a.webp' })
  })

  it('falls back to the account name, then the e-mail, without a profile name', () => {
    expect(defaultBlogAuthor({ profile: { name: '  ' }, account })).toEqual({
      name: 'compte-admin',
    })
    expect(defaultBlogAuthor({ account: { name: '', email: 'a@b.fr' } })).toEqual({
      name: 'a@b.fr',
    })
  })
})
