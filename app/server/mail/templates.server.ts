// E-mail templates (ADR 019): our own React components rendered to static HTML on the server,
// with a plain-text twin written alongside (not scraped from the HTML). Every e-mail carries
// the site's name and logo. React escapes every value; subjects go through headerText later.
// Written with createElement rather than JSX so plain `node` scripts (admin:create,
// bench:mail) that reach this module through the auth and mail code can load it.
import { createElement as h, Fragment, type CSSProperties, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { lazyDateTimeFormat } from '#app/domain/lazy-intl.ts'

export interface SiteIdentity {
  siteName: string
  /** Absolute URL of the logo, if the site has one. */
  logoUrl?: string
  /** The public origin (links in the e-mails). */
  siteUrl: string
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

const DATE_TIME = lazyDateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

// A visitor who wrote from the English site is answered in English (ADR 075).
const EN_DATE_TIME = lazyDateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

function englishDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : EN_DATE_TIME.format(date)
}

export function frenchDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

/**
 * The shipped logo is WebP, which some mail programs (desktop Outlook) do not show: e-mails
 * use its PNG copy, 80 px for a 40 px display. A logo from the library is already served as
 * JPEG or PNG (its fallback URL).
 */
const EMAIL_COPIES: Record<string, string> = { '/images/logo.webp': '/images/logo.png' }

/** An absolute logo URL from the settings' logo (a site path or an http(s) URL). */
export function absoluteLogo(logo: string | undefined, siteUrl: string): string | undefined {
  if (!logo) return undefined
  if (logo.startsWith('/') && !logo.startsWith('//'))
    return `${siteUrl}${EMAIL_COPIES[logo] ?? logo}`
  return /^https?:\/\//.test(logo) ? logo : undefined
}

const COLORS = { text: '#18181b', muted: '#52525b', accent: '#6d28d9', border: '#e4e4e7' }
const P: CSSProperties = { margin: '0 0 16px' }
const SMALL: CSSProperties = { ...P, color: COLORS.muted, fontSize: '14px' }

const table = (style: CSSProperties, width: string, ...rows: ReactNode[]) =>
  h(
    'table',
    { role: 'presentation', width, cellPadding: 0, cellSpacing: 0, style },
    h('tbody', null, ...rows),
  )
const row = (style: CSSProperties, ...children: ReactNode[]) =>
  h('tr', null, h('td', { style }, ...children))

function Layout({
  site,
  lang = 'fr',
  children,
}: {
  site: SiteIdentity
  lang?: 'fr' | 'en'
  children?: ReactNode
}) {
  const header = row(
    { padding: '24px', borderBottom: `1px solid ${COLORS.border}` },
    site.logoUrl
      ? h('img', {
          src: site.logoUrl,
          alt: '',
          height: 40,
          style: { height: '40px', verticalAlign: 'middle', marginRight: '12px' },
        })
      : null,
    h('strong', { style: { fontSize: '20px', verticalAlign: 'middle' } }, site.siteName),
  )
  const footer = row(
    {
      padding: '16px 24px',
      borderTop: `1px solid ${COLORS.border}`,
      color: COLORS.muted,
      fontSize: '13px',
    },
    lang === 'en' ? 'This e-mail was sent to you by ' : 'Cet e-mail vous a été envoyé par ',
    h('a', { href: site.siteUrl, style: { color: COLORS.accent } }, site.siteName),
    '.',
  )
  const card = table(
    {
      maxWidth: '600px',
      width: '100%',
      backgroundColor: '#ffffff',
      border: `1px solid ${COLORS.border}`,
      borderRadius: '8px',
      fontFamily: 'Helvetica, Arial, sans-serif',
      color: COLORS.text,
      fontSize: '16px',
      lineHeight: '1.5',
    },
    '600',
    header,
    row({ padding: '24px' }, children),
    footer,
  )
  return h(
    'html',
    { lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, site.siteName),
    ),
    h(
      'body',
      { style: { margin: 0, padding: 0, backgroundColor: '#f4f4f5' } },
      table(
        { backgroundColor: '#f4f4f5', padding: '24px 0' },
        '100%',
        h('tr', null, h('td', { align: 'center' }, card)),
      ),
    ),
  )
}

/** Text kept with its line breaks, one paragraph per blank-line-separated block. */
const paragraphs = (text: string) =>
  h(
    Fragment,
    null,
    ...text
      .split(/\n{2,}/)
      .map((block, i) => h('p', { key: i, style: { ...P, whiteSpace: 'pre-wrap' } }, block)),
  )

const button = (href: string, label: string) =>
  h(
    'p',
    { style: { margin: '24px 0' } },
    h(
      'a',
      {
        href,
        style: {
          display: 'inline-block',
          backgroundColor: COLORS.accent,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '6px',
          textDecoration: 'none',
          fontWeight: 'bold',
        },
      },
      label,
    ),
  )

function render(site: SiteIdentity, ...body: ReactNode[]): string {
  return renderIn('fr', site, ...body)
}

function renderIn(lang: 'fr' | 'en', site: SiteIdentity, ...body: ReactNode[]): string {
  return (
    '<!DOCTYPE html>' + renderToStaticMarkup(h(Layout, { site, lang }, h(Fragment, null, ...body)))
  )
}

const footerText = (site: SiteIdentity) => `\n\n—\n${site.siteName}\n${site.siteUrl}\n`
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')

/** The owner's reply to a visitor, quoting the visitor's message (ADR 019). */
export function replyEmail(
  site: SiteIdentity,
  input: {
    visitorName: string
    reply: string
    original: string
    receivedAt: string
    locale?: 'en'
  },
): RenderedEmail {
  const english = input.locale === 'en'
  const when = english ? englishDateTime(input.receivedAt) : frenchDateTime(input.receivedAt)
  const hello = english ? `Hello ${input.visitorName},` : `Bonjour ${input.visitorName},`
  const yours = english ? `Your message of ${when}:` : `Votre message du ${when} :`
  const html = renderIn(
    english ? 'en' : 'fr',
    site,
    h('p', { style: P }, hello),
    paragraphs(input.reply),
    h('p', { style: { ...SMALL, margin: '24px 0 8px' } }, yours),
    h(
      'blockquote',
      {
        style: {
          margin: 0,
          padding: '8px 16px',
          borderLeft: `3px solid ${COLORS.border}`,
          color: COLORS.muted,
          fontSize: '14px',
          whiteSpace: 'pre-wrap',
        },
      },
      input.original,
    ),
  )
  const text = `${hello}\n\n${input.reply}\n\n${yours}\n` + quote(input.original) + footerText(site)
  const subject = english
    ? `Reply to your message — ${site.siteName}`
    : `Réponse à votre message — ${site.siteName}`
  return { subject, html, text }
}

/** A new contact message, for the owner (ADR 019). */
export function alertEmail(
  site: SiteIdentity,
  input: { name: string; email: string; message: string; adminUrl: string },
): RenderedEmail {
  const html = render(
    site,
    h(
      'p',
      { style: P },
      'Nouveau message de ',
      h('strong', null, input.name),
      ` (${input.email}) :`,
    ),
    paragraphs(input.message),
    button(input.adminUrl, 'Lire et répondre'),
  )
  const text =
    `Nouveau message de ${input.name} (${input.email}) :\n\n${input.message}\n\n` +
    `Lire et répondre : ${input.adminUrl}` +
    footerText(site)
  return { subject: `Nouveau message de ${input.name} — ${site.siteName}`, html, text }
}

/** Past the hourly alert limit: one e-mail counting the messages (ADR 019). */
export function digestEmail(
  site: SiteIdentity,
  input: { count: number; since: string; adminUrl: string },
): RenderedEmail {
  const what = input.count > 1 ? `${input.count} nouveaux messages` : '1 nouveau message'
  const sentence = `Vous avez reçu ${what} depuis le ${frenchDateTime(input.since)}. Pour ne pas encombrer votre boîte, ils sont regroupés ici.`
  const html = render(
    site,
    h('p', { style: P }, sentence),
    button(input.adminUrl, 'Voir les messages'),
  )
  const text = `${sentence}\n\nVoir les messages : ${input.adminUrl}` + footerText(site)
  return { subject: `${what} — ${site.siteName}`, html, text }
}

/** The week's statistics, for the owner (ADR 072): figures only, no visitor. */
export function statsSummaryEmail(
  site: SiteIdentity,
  input: { lines: string[]; adminUrl: string; month?: string },
): RenderedEmail {
  // The monthly summary (ADR 096) names its month, « novembre 2026 ».
  const intro = input.month
    ? `Voici la fréquentation de votre site en ${input.month} :`
    : 'Voici la fréquentation de votre site sur les 7 derniers jours :'
  const html = render(
    site,
    h('p', { style: P }, intro),
    h('ul', { style: P }, ...input.lines.map((line) => h('li', null, line))),
    button(input.adminUrl, 'Voir les statistiques'),
  )
  const text =
    `${intro}\n\n${input.lines.map((l) => `- ${l}`).join('\n')}\n\n` +
    `Voir les statistiques : ${input.adminUrl}` +
    footerText(site)
  const subject = input.month
    ? `Statistiques de ${input.month} — ${site.siteName}`
    : `Statistiques de la semaine — ${site.siteName}`
  return { subject, html, text }
}

/** A one-time link e-mail: greeting, intro, the link as a button (and in full in the text),
 * then the small print if any. */
function linkEmail(
  site: SiteIdentity,
  input: { name: string; link: string },
  intro: string,
  label: string,
  smallPrint?: string,
): Pick<RenderedEmail, 'html' | 'text'> {
  const html = render(
    site,
    h('p', { style: P }, `Bonjour ${input.name},`),
    h('p', { style: P }, intro),
    button(input.link, label),
    ...(smallPrint === undefined ? [] : [h('p', { style: SMALL }, smallPrint)]),
  )
  const text =
    `Bonjour ${input.name},\n\n${intro}\n\n${input.link}` +
    (smallPrint === undefined ? '' : `\n\n${smallPrint}`) +
    footerText(site)
  return { html, text }
}

/** 'Code oublié ?' (ADR 019). */
export function resetEmail(
  site: SiteIdentity,
  input: { name: string; link: string; minutes: number },
): RenderedEmail {
  const intro = `Une réinitialisation de votre code quantique a été demandée. Ce lien est valable ${input.minutes} minutes et ne sert qu'une fois :`
  const ignore =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre code actuel reste valable."
  return {
    subject: `Réinitialisation de votre code — ${site.siteName}`,
    ...linkEmail(site, input, intro, 'Choisir un nouveau code', ignore),
  }
}

/** The invitation link of a user created by an admin (ADRs 015, 019). */
export function invitationEmail(
  site: SiteIdentity,
  input: { name: string; link: string; days: number },
): RenderedEmail {
  const intro = `Vous êtes invité·e à rejoindre ${site.siteName}. Ce lien personnel est valable ${input.days} jours et ne sert qu'une fois :`
  return {
    subject: `Invitation à rejoindre ${site.siteName}`,
    ...linkEmail(site, input, intro, 'Créer mon accès'),
  }
}

/** A Google/Facebook sign-in was linked to an existing account (ADR 014): the address's owner
 * hears of it, and how to take the account back if it was not them. */
export function accountLinkedEmail(
  site: SiteIdentity,
  input: { name: string; provider: string; when: string; resetUrl: string },
): RenderedEmail {
  const intro = `La connexion avec ${input.provider} a été associée à votre compte le ${frenchDateTime(input.when)}. Vous pouvez désormais vous connecter avec ${input.provider}.`
  const warning = `Si ce n'est pas vous, ou si vous n'avez jamais choisi de code quantique sur ce site, choisissez-en un nouveau : cela déconnecte tous les appareils.`
  const html = render(
    site,
    h('p', { style: P }, `Bonjour ${input.name},`),
    h('p', { style: P }, intro),
    h('p', { style: P }, warning),
    button(input.resetUrl, 'Choisir un nouveau code'),
  )
  const text =
    `Bonjour ${input.name},\n\n${intro}\n\n${warning}\n\n${input.resetUrl}` + footerText(site)
  return { subject: `Connexion avec ${input.provider} associée — ${site.siteName}`, html, text }
}

/** The link that proves the address of an account (ADR 018: CV access by verified e-mail). */
export function verifyEmail(
  site: SiteIdentity,
  input: { name: string; link: string; hours: number },
): RenderedEmail {
  const intro = `Pour confirmer que cette adresse e-mail est bien la vôtre, ouvrez ce lien. Il est valable ${input.hours} heures :`
  const ignore = "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail."
  return {
    subject: `Confirmez votre adresse e-mail — ${site.siteName}`,
    ...linkEmail(site, input, intro, 'Confirmer mon adresse', ignore),
  }
}

/** 'Envoyer un e-mail d'essai' of Paramètres › E-mails. */
export function testEmail(site: SiteIdentity): RenderedEmail {
  const sentence = `Ceci est un e-mail d'essai : l'envoi d'e-mails de ${site.siteName} fonctionne.`
  const html = render(site, h('p', { style: { margin: 0 } }, sentence))
  return {
    subject: `E-mail d'essai — ${site.siteName}`,
    html,
    text: sentence + footerText(site),
  }
}

/** The newsletter's double opt-in e-mail, in the language of the page (ADR 085). */
export function newsletterConfirmEmail(
  site: SiteIdentity,
  input: { link: string; days: number; locale: 'fr' | 'en' },
): RenderedEmail {
  const en = input.locale === 'en'
  const intro = en
    ? `Someone (probably you) asked to receive the new posts of ${site.siteName} by e-mail. To confirm, open this link within ${input.days} days:`
    : `Quelqu’un (sans doute vous) a demandé à recevoir par e-mail les nouveaux articles de ${site.siteName}. Pour confirmer, ouvrez ce lien dans les ${input.days} jours :`
  const ignore = en
    ? 'If you did not ask for it, ignore this e-mail: nothing will be sent to you.'
    : 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne vous sera envoyé.'
  const label = en ? 'Confirm my subscription' : 'Confirmer mon abonnement'
  const html = renderIn(
    input.locale,
    site,
    h('p', { style: P }, intro),
    button(input.link, label),
    h('p', { style: SMALL }, ignore),
  )
  return {
    subject: en
      ? `Confirm your subscription — ${site.siteName}`
      : `Confirmez votre abonnement — ${site.siteName}`,
    html,
    text: `${intro}\n\n${input.link}\n\n${ignore}${footerText(site)}`,
  }
}
