import { Link } from '#app/ui/link.tsx'
import { ArrowRight, AtSign, Mail } from 'lucide-react'
import { GithubIcon, LinkedinIcon, TwitterIcon } from '#app/ui/primitives/brand-icons.tsx'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { ManageConsentButton } from './consent.tsx'
import { FOOTER_LINKS, type OwnPageLink } from './nav-items.ts'
import { useLocale, useT } from '#app/ui/i18n.tsx'
import { feedPath } from '#app/domain/i18n/locale.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'

const LEGAL_KEYS: Record<keyof typeof LEGAL_PAGES, MessageKey> = {
  notice: 'legal:notice',
  privacy: 'legal:privacy',
  terms: 'legal:terms',
}

export interface FooterSettings {
  siteName: string
  siteDescription: string
  github?: string
  twitter?: string
  linkedin?: string
  email?: string
  /** An analytics ID is set: the footer offers 'Gestion des cookies' (ADR 022). */
  analytics?: boolean
}

/** Used when the settings hold no name or description, so the footer never shows an empty name. */
export const FOOTER_FALLBACK_NAME = 'Portfolio'

/**
 * Footer: site name and description, /contact call to action, navigation, social
 * links (each only when a value exists), copyright with the current year, and the legal
 * pages (real pages here, as French law asks).
 */
export function Footer({
  settings,
  year,
  ownPages = [],
}: {
  settings: FooterSettings
  year: number
  /** The owner's pages flagged « Afficher dans le pied de page » (ADR 090). */
  ownPages?: readonly OwnPageLink[]
}) {
  const t = useT()
  const locale = useLocale()
  const name = settings.siteName.trim() || FOOTER_FALLBACK_NAME
  const description = settings.siteDescription.trim() || t('footer:fallbackDescription')
  const socials = [
    { label: 'GitHub', href: settings.github, Icon: GithubIcon },
    { label: 'Twitter', href: settings.twitter, Icon: TwitterIcon },
    { label: 'LinkedIn', href: settings.linkedin, Icon: LinkedinIcon },
    {
      label: 'Email',
      href: settings.email ? `mailto:${settings.email}` : undefined,
      Icon: Mail,
    },
  ].filter((s): s is typeof s & { href: string } => !!s.href)

  return (
    <footer className="relative mt-24 border-t border-line bg-surface/70 backdrop-blur">
      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-16 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-bold text-fg">{name}</p>
          <p className="mt-3 max-w-md text-fg-2">{description}</p>
          <Link to="/contact" className="btn btn-primary mt-6">
            {t('footer:cta')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <nav aria-label={t('footer:links')}>
          <h2 className="eyebrow">{t('chrome:navigation')}</h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-fg-2 hover:text-fg">
                  {t(l.label)}
                </Link>
              </li>
            ))}
            {ownPages.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className="text-fg-2 hover:text-fg">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="eyebrow">{t('footer:networks')}</h2>
          {socials.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-3">
              {socials.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    aria-label={label}
                    rel="noopener noreferrer"
                    target={href.startsWith('mailto:') ? undefined : '_blank'}
                    className="flex size-11 items-center justify-center rounded-full border border-line text-fg transition hover:-translate-y-0.5 hover:border-secondary"
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 flex items-center gap-2 text-fg-2">
              <AtSign aria-hidden="true" className="size-4" />
              <Link to="/contact" className="link">
                {t('footer:writeMe')}
              </Link>
            </p>
          )}
        </div>
      </div>
      <div className="border-t border-line">
        {/* Room under the last line for the fixed section badge and buttons, which must not
            cover the « © » line or the links: pb-24 below md (one row of them), pb-20 from md
            (the badge, bottom-6 plus its height, at the left of the © line). */}
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-6 pt-6 pb-24 text-sm text-fg-2 md:flex-row md:items-center md:justify-between md:pb-20">
          <p>
            © {year} {name}
            {`. ${t('footer:rights')}`}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {(Object.keys(LEGAL_PAGES) as (keyof typeof LEGAL_PAGES)[]).map((key) => (
              <li key={key}>
                <Link to={LEGAL_PAGES[key].path} className="hover:text-fg">
                  {t(LEGAL_KEYS[key])}
                </Link>
              </li>
            ))}
            <li>
              {/* A resource, not a page: a plain link, never a client-side navigation. */}
              <a href={feedPath(locale)} className="hover:text-fg">
                {t('footer:rss')}
              </a>
            </li>
            {settings.analytics ? (
              <li>
                <ManageConsentButton className="cursor-pointer hover:text-fg" />
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </footer>
  )
}
