import { describe, expect, it } from 'vitest'
import { getEnv, StartupError } from '../core/env.server.ts'
import { headerText, mailConfigFromEnv, parseFrom } from './config.server.ts'

const PUBLIC_URL = 'https://www.exemple.fr'

describe('mail configuration', () => {
  it('is off without SMTP_URL (the default)', () => {
    expect(mailConfigFromEnv({ PUBLIC_URL })).toBeUndefined()
    expect(getEnv({ DATA_DIR: '/tmp', BETTER_AUTH_SECRET: 'x'.repeat(40) }).SMTP_URL).toBe(
      undefined,
    )
  })

  it('requires TLS on smtp:// unless the URL says otherwise; smtps:// is TLS already', () => {
    const plain = mailConfigFromEnv({ PUBLIC_URL, SMTP_URL: 'smtp://u%40x.fr:p@mail.x.fr:587' })
    expect(new URL(plain!.url).searchParams.get('requireTLS')).toBe('true')
    expect(plain!.server).toBe('smtp://mail.x.fr:587')
    expect(plain!.server).not.toContain('p@')
    // No MAIL_FROM: the SMTP user when it is an address.
    expect(plain!.from).toEqual({ address: 'u@x.fr' })
    const off = mailConfigFromEnv({ PUBLIC_URL, SMTP_URL: 'smtp://127.0.0.1:25?requireTLS=false' })
    expect(new URL(off!.url).searchParams.get('requireTLS')).toBe('false')
    const tls = mailConfigFromEnv({ PUBLIC_URL, SMTP_URL: 'smtps://u:p@mail.x.fr' })
    expect(new URL(tls!.url).searchParams.has('requireTLS')).toBe(false)
    expect(tls!.from).toEqual({ address: 'no-reply@exemple.fr' })
  })

  it('parses MAIL_FROM with or without a name, and refuses a bad SMTP_URL or MAIL_FROM', () => {
    expect(parseFrom('Mon site <contact@x.fr>')).toEqual({
      address: 'contact@x.fr',
      name: 'Mon site',
    })
    expect(parseFrom('contact@x.fr')).toEqual({ address: 'contact@x.fr' })
    const base = { DATA_DIR: '/tmp', BETTER_AUTH_SECRET: 'x'.repeat(40) }
    expect(() => getEnv({ ...base, SMTP_URL: 'http://mail.x.fr' })).toThrow(StartupError)
    expect(() => getEnv({ ...base, MAIL_FROM: 'a@b.fr\r\nBcc: c@d.fr' })).toThrow(StartupError)
    expect(
      getEnv({ ...base, SMTP_URL: 'smtps://u:p@h', MAIL_FROM: 'Nom <a@b.fr>' }).MAIL_FROM,
    ).toBe('Nom <a@b.fr>')
  })

  it('headerText removes every line break and control character', () => {
    expect(headerText('a\r\nBcc: x\u2028y\tz\0')).toBe('a Bcc: x y z')
  })
})
