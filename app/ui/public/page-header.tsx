import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'
import { localeOfMatches } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { useT } from '#app/ui/i18n.tsx'
import { pageMeta } from './page-meta.ts'

/** Title block shared by the public screens. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string
  title: string
  children?: React.ReactNode
}) {
  return (
    <header className="reveal mx-auto max-w-6xl px-6 pt-32 pb-10 md:pt-40">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="gradient-text mt-3 text-4xl font-bold md:text-6xl">{title}</h1>
      {children ? <div className="mt-5 max-w-2xl text-lg text-fg-2">{children}</div> : null}
    </header>
  )
}

/** The title block of a section page, every text a catalogue message (ADR 074). */
export function SectionHeader({
  eyebrow,
  title,
  intro,
}: {
  eyebrow: MessageKey
  title: MessageKey
  intro: MessageKey
}) {
  const t = useT()
  return (
    <PageHeader eyebrow={t(eyebrow)} title={t(title)}>
      {t(intro)}
    </PageHeader>
  )
}

/**
 * A section page's meta tags, its title and description catalogue messages (ADR 075). Kept
 * beside SectionHeader: only the section pages load this module, so the others pay nothing.
 */
export function sectionMeta(
  matches: Parameters<typeof pageMeta>[0],
  path: string,
  keys: { title: MessageKey; description: MessageKey },
) {
  const locale = localeOfMatches(matches)
  return pageMeta(matches, {
    title: translate(locale, keys.title),
    description: translate(locale, keys.description),
    path,
  })
}
