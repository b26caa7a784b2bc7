// A visit's channel (ADR 095): Recherche, Réseaux sociaux, E-mail, Sites référents, Campagnes or
// Direct, from its UTM values and its referrer's host, read against Matomo's maintained lists of
// search engines and social networks (vendored, CC0: referrer-lists/). Counted with the rollups,
// so it is a dimension like any other (a panel, a filter).
import type { Kysely } from 'kysely'
import { CHANNELS } from '#app/domain/analytics.ts'
import type { Database } from '../db/schema.server.ts'
import { SEARCH_HOSTS, SOCIAL_HOSTS } from './referrer-hosts.server.ts'
import type { Visit } from './rollup.server.ts'

const channel = (name: (typeof CHANNELS)[number]) => CHANNELS.indexOf(name)

let lists: { search: Set<string>; social: Set<string> } | undefined

/** Whether `host` or a parent domain is in `set` (a `{}` label: any top-level domain). */
function listed(set: Set<string>, host: string): boolean {
  const labels = host.split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const rest = labels.slice(i)
    if (set.has(rest.join('.'))) return true
    // google.fr, google.co.uk: the name followed by one or two labels of top-level domain.
    for (const tld of [1, 2])
      if (rest.length > tld && set.has([...rest.slice(0, -tld), '{}'].join('.'))) return true
  }
  return false
}

/** A medium or source that says e-mail (a newsletter's links), as Plausible reads them. */
const EMAIL = /^(e[-_ ]?mail|newsletter|mailchimp|brevo|sendinblue)$/i
/** A webmail's host (mail.google.com, webmail.free.fr…): a pattern, not a list to maintain. */
const WEBMAIL = /(^|\.)(web)?mail\.|^outlook\.(live|office)\.com$/

/** The channel of a visit's strings: its referrer host and UTM values (null when absent). */
export function channelOf(
  referrer: string | null,
  source: string | null,
  medium: string | null,
  campaign: string | null,
): number {
  if ((medium && EMAIL.test(medium)) || (source && EMAIL.test(source))) return channel('E-mail')
  if (source || medium || campaign) return channel('Campagnes')
  if (!referrer) return channel('Direct')
  lists ??= { search: new Set(SEARCH_HOSTS.split(' ')), social: new Set(SOCIAL_HOSTS.split(' ')) }
  const host = referrer.toLowerCase()
  // Before the lists: mail.google.com is Google's, but no search.
  if (WEBMAIL.test(host)) return channel('E-mail')
  if (listed(lists.search, host)) return channel('Recherche')
  if (listed(lists.social, host)) return channel('Réseaux sociaux')
  return channel('Sites référents')
}

/** Sets each visit's channel from the dictionary strings of its referrer and UTM values. */
export async function assignChannels(db: Kysely<Database>, visits: Visit[]): Promise<void> {
  const ids = new Set<number>()
  for (const { attrs } of visits)
    for (const id of [attrs.referrer, attrs.source, attrs.medium, attrs.campaign])
      if (id > 0) ids.add(id)
  const strings = new Map<number, string>()
  const all = [...ids]
  for (let i = 0; i < all.length; i += 500)
    for (const row of await db
      .selectFrom('analytics_dict')
      .select(['id', 'value'])
      .where('id', 'in', all.slice(i, i + 500))
      .execute())
      strings.set(Number(row.id), row.value)
  const text = (id: number) => (id > 0 ? (strings.get(id) ?? null) : null)
  for (const visit of visits) {
    const { attrs } = visit
    attrs.channel = channelOf(
      text(attrs.referrer),
      text(attrs.source),
      text(attrs.medium),
      text(attrs.campaign),
    )
  }
}
