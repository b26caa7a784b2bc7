// SMTP configuration from SMTP_URL and MAIL_FROM (ADR 019). TLS is required unless the URL
// says otherwise: smtps:// is TLS from the first byte; smtp:// must upgrade with STARTTLS
// (`requireTLS=true` is added) unless the URL carries `requireTLS=false` or `ignoreTLS=true`.
import type { Env } from '../core/env.server.ts'

export interface MailConfig {
  /** The URL handed to nodemailer, with our defaults added. */
  url: string
  /** Host and port only (never credentials), for the admin screen. */
  server: string
  /** MAIL_FROM's address and optional display name. */
  from: { address: string; name?: string }
}

/** Removes every character that could end a header line (CR, LF, other controls). */
export function headerText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}

export function parseFrom(value: string): { address: string; name?: string } {
  const match = /^(.*)<([^<>]+)>\s*$/.exec(value)
  if (!match) return { address: value.trim() }
  const name = headerText(match[1]!.replace(/^\s*"|"\s*$/g, ''))
  return { address: match[2]!.trim(), ...(name ? { name } : {}) }
}

/** undefined when e-mail is not configured (the default: e-mails wait as 'non configuré'). */
export function mailConfigFromEnv(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>,
): MailConfig | undefined {
  if (!env.SMTP_URL || !URL.canParse(env.SMTP_URL)) return undefined
  const url = new URL(env.SMTP_URL)
  const params = url.searchParams
  if (url.protocol === 'smtp:' && !params.has('requireTLS') && params.get('ignoreTLS') !== 'true')
    params.set('requireTLS', 'true')
  // A dead server must not hold a worker for minutes.
  for (const [key, value] of [
    ['connectionTimeout', '15000'],
    ['greetingTimeout', '15000'],
    ['socketTimeout', '60000'],
  ] as const)
    if (!params.has(key)) params.set(key, value)
  const user = decodeURIComponent(url.username)
  const fallbackFrom = user.includes('@')
    ? user
    : `no-reply@${new URL(env.PUBLIC_URL).hostname.replace(/^www\./, '')}`
  return {
    url: url.toString(),
    server: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    from: parseFrom(env.MAIL_FROM ?? fallbackFrom),
  }
}

let active: MailConfig | undefined

/** The configuration the running worker uses (set at start-up; undefined: not configured). */
export function configureMail(config: MailConfig | undefined): void {
  active = config
}

export function activeMailConfig(): MailConfig | undefined {
  return active
}
