// E-mail templates (ADR 019): our own React components rendered to static HTML on the server,
// with a plain-text twin written alongside (not scraped from the HTML). Every e-mail carries
// the site's name and logo. React escapes every value; subjects go through headerText later.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

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

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

export function frenchDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

/** An absolute logo URL from the settings' logo (a site path or an http(s) URL). */
export function absoluteLogo(logo: string | undefined, siteUrl: string): string | undefined {
  if (!logo) return undefined
  if (logo.startsWith('/') && !logo.startsWith('//')) return `${siteUrl}${logo}`
  return /^https?:\/\//.test(logo) ? logo : undefined
}

const COLORS = { text: '#18181b', muted: '#52525b', accent: '#6d28d9', border: '#e4e4e7' }

function Layout({ site, children }: { site: SiteIdentity; children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{site.siteName}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f4f5' }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: '#f4f4f5', padding: '24px 0' }}
        >
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="600"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: '600px',
                    width: '100%',
                    backgroundColor: '#ffffff',
                    border: `1px solid ${COLORS.border}`,
                    borderRadius: '8px',
                    fontFamily: 'Helvetica, Arial, sans-serif',
                    color: COLORS.text,
                    fontSize: '16px',
                    lineHeight: '1.5',
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '24px', borderBottom: `1px solid ${COLORS.border}` }}>
                        {site.logoUrl ? (
                          <img
                            src={site.logoUrl}
                            alt=""
                            height={40}
                            style={{ height: '40px', verticalAlign: 'middle', marginRight: '12px' }}
                          />
                        ) : null}
                        <strong style={{ fontSize: '20px', verticalAlign: 'middle' }}>
                          {site.siteName}
                        </strong>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px' }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: `1px solid ${COLORS.border}`,
                          color: COLORS.muted,
                          fontSize: '13px',
                        }}
                      >
                        Cet e-mail vous a été envoyé par{' '}
                        <a href={site.siteUrl} style={{ color: COLORS.accent }}>
                          {site.siteName}
                        </a>
                        .
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  )
}

/** Text kept with its line breaks. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block, i) => (
        <p key={i} style={{ margin: '0 0 16px', whiteSpace: 'pre-wrap' }}>
          {block}
        </p>
      ))}
    </>
  )
}

function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          backgroundColor: COLORS.accent,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '6px',
          textDecoration: 'none',
          fontWeight: 'bold',
        }}
      >
        {children}
      </a>
    </p>
  )
}

function render(site: SiteIdentity, body: ReactNode): string {
  return '<!DOCTYPE html>' + renderToStaticMarkup(<Layout site={site}>{body}</Layout>)
}

const footerText = (site: SiteIdentity) => `\n\n—\n${site.siteName}\n${site.siteUrl}\n`
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')

/** The owner's reply to a visitor, quoting the visitor's message (issue 11 §4). */
export function replyEmail(
  site: SiteIdentity,
  input: { visitorName: string; reply: string; original: string; receivedAt: string },
): RenderedEmail {
  const when = frenchDateTime(input.receivedAt)
  const html = render(
    site,
    <>
      <p style={{ margin: '0 0 16px' }}>Bonjour {input.visitorName},</p>
      <Paragraphs text={input.reply} />
      <p style={{ margin: '24px 0 8px', color: COLORS.muted, fontSize: '14px' }}>
        Votre message du {when} :
      </p>
      <blockquote
        style={{
          margin: 0,
          padding: '8px 16px',
          borderLeft: `3px solid ${COLORS.border}`,
          color: COLORS.muted,
          fontSize: '14px',
          whiteSpace: 'pre-wrap',
        }}
      >
        {input.original}
      </blockquote>
    </>,
  )
  const text =
    `Bonjour ${input.visitorName},\n\n${input.reply}\n\nVotre message du ${when} :\n` +
    quote(input.original) +
    footerText(site)
  return { subject: `Réponse à votre message — ${site.siteName}`, html, text }
}

/** A new contact message, for the owner (issue 11 §5). */
export function alertEmail(
  site: SiteIdentity,
  input: { name: string; email: string; message: string; adminUrl: string },
): RenderedEmail {
  const html = render(
    site,
    <>
      <p style={{ margin: '0 0 16px' }}>
        Nouveau message de <strong>{input.name}</strong> ({input.email}) :
      </p>
      <Paragraphs text={input.message} />
      <Button href={input.adminUrl}>Lire et répondre</Button>
    </>,
  )
  const text =
    `Nouveau message de ${input.name} (${input.email}) :\n\n${input.message}\n\n` +
    `Lire et répondre : ${input.adminUrl}` +
    footerText(site)
  return { subject: `Nouveau message de ${input.name} — ${site.siteName}`, html, text }
}

/** Past the hourly alert limit: one e-mail counting the messages (issue 11 §5). */
export function digestEmail(
  site: SiteIdentity,
  input: { count: number; since: string; adminUrl: string },
): RenderedEmail {
  const what = input.count > 1 ? `${input.count} nouveaux messages` : '1 nouveau message'
  const since = frenchDateTime(input.since)
  const html = render(
    site,
    <>
      <p style={{ margin: '0 0 16px' }}>
        Vous avez reçu {what} depuis le {since}. Pour ne pas encombrer votre boîte, ils sont
        regroupés ici.
      </p>
      <Button href={input.adminUrl}>Voir les messages</Button>
    </>,
  )
  const text =
    `Vous avez reçu ${what} depuis le ${since}. Pour ne pas encombrer votre boîte, ils sont regroupés ici.\n\n` +
    `Voir les messages : ${input.adminUrl}` +
    footerText(site)
  return { subject: `${what} — ${site.siteName}`, html, text }
}

/** 'Code oublié ?' (issue 11 §6). */
export function resetEmail(
  site: SiteIdentity,
  input: { name: string; link: string; minutes: number },
): RenderedEmail {
  const html = render(
    site,
    <>
      <p style={{ margin: '0 0 16px' }}>Bonjour {input.name},</p>
      <p style={{ margin: '0 0 16px' }}>
        Une réinitialisation de votre code quantique a été demandée. Ce lien est valable{' '}
        {input.minutes} minutes et ne sert qu&apos;une fois :
      </p>
      <Button href={input.link}>Choisir un nouveau code</Button>
      <p style={{ margin: '0 0 16px', color: COLORS.muted, fontSize: '14px' }}>
        Si vous n&apos;êtes pas à l&apos;origine de cette demande, ignorez cet e-mail : votre code
        actuel reste valable.
      </p>
    </>,
  )
  const text =
    `Bonjour ${input.name},\n\nUne réinitialisation de votre code quantique a été demandée. ` +
    `Ce lien est valable ${input.minutes} minutes et ne sert qu'une fois :\n\n${input.link}\n\n` +
    `Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre code actuel reste valable.` +
    footerText(site)
  return { subject: `Réinitialisation de votre code — ${site.siteName}`, html, text }
}

/** The invitation link of a user created by an admin (issue 11 §7, ADR 015). */
export function invitationEmail(
  site: SiteIdentity,
  input: { name: string; link: string; days: number },
): RenderedEmail {
  const html = render(
    site,
    <>
      <p style={{ margin: '0 0 16px' }}>Bonjour {input.name},</p>
      <p style={{ margin: '0 0 16px' }}>
        Vous êtes invité·e à rejoindre {site.siteName}. Ce lien personnel est valable {input.days}{' '}
        jours et ne sert qu&apos;une fois :
      </p>
      <Button href={input.link}>Créer mon accès</Button>
    </>,
  )
  const text =
    `Bonjour ${input.name},\n\nVous êtes invité·e à rejoindre ${site.siteName}. ` +
    `Ce lien personnel est valable ${input.days} jours et ne sert qu'une fois :\n\n${input.link}` +
    footerText(site)
  return { subject: `Invitation à rejoindre ${site.siteName}`, html, text }
}

/** 'Envoyer un e-mail d'essai' of Paramètres › E-mails. */
export function testEmail(site: SiteIdentity): RenderedEmail {
  const html = render(
    site,
    <p style={{ margin: 0 }}>
      Ceci est un e-mail d&apos;essai : l&apos;envoi d&apos;e-mails de {site.siteName} fonctionne.
    </p>,
  )
  const text = `Ceci est un e-mail d'essai : l'envoi d'e-mails de ${site.siteName} fonctionne.${footerText(site)}`
  return { subject: `E-mail d'essai — ${site.siteName}`, html, text }
}
