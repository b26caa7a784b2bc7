// The author a new blog post starts with : the public profile's name and
// avatar, as visitors know the owner; the account's name or e-mail only without a profile.
export interface AuthorSources {
  profile?: { name?: string; avatar?: string } | undefined
  account: { name?: string | null; email: string }
}

export function defaultBlogAuthor({ profile, account }: AuthorSources): {
  name: string
  avatar?: string
} {
  const name = profile?.name?.trim() || account.name?.trim() || account.email
  const avatar = profile?.name?.trim() ? profile.avatar?.trim() || undefined : undefined
  return avatar ? { name, avatar } : { name }
}
