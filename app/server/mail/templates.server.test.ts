import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { absoluteLogo, alertEmail, replyEmail, resetEmail } from './templates.server.ts'

const site = { siteName: 'Atelier <b>Lumière</b>', siteUrl: 'https://exemple.fr' }

describe('e-mail templates', () => {
  it('escape every value in the HTML and keep the text readable', () => {
    const mail = replyEmail(site, {
      visitorName: '<script>alert(1)</script>',
      reply: 'Bonjour <img src=x onerror=alert(1)>\n\nÀ bientôt',
      original: 'Ligne 1\nLigne 2',
      receivedAt: '2026-01-15T09:30:00.000Z',
    })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).toContain('Atelier &lt;b&gt;Lumière&lt;/b&gt;')
    expect(mail.text).toContain('Votre message du 15 janvier 2026 à 10:30 :\n> Ligne 1\n> Ligne 2')
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true)
  })

  it('link to the admin and to the reset page', () => {
    const alert = alertEmail(site, {
      name: 'Jeanne',
      email: 'j@exemple.fr',
      message: 'Salut',
      adminUrl: 'https://exemple.fr/admin/messages?id=1',
    })
    expect(alert.html).toContain('href="https://exemple.fr/admin/messages?id=1"')
    const reset = resetEmail(site, {
      name: 'Jeanne',
      link: 'https://exemple.fr/r?t=1',
      minutes: 30,
    })
    expect(reset.text).toContain('valable 30 minutes')
    expect(reset.html).toContain('href="https://exemple.fr/r?t=1"')
  })

  it('makes the logo absolute and ignores other schemes', () => {
    expect(absoluteLogo('/logo.png', 'https://exemple.fr')).toBe('https://exemple.fr/logo.png')
    // The shipped WebP logo goes out as its PNG copy (some mail programs show no WebP).
    expect(absoluteLogo('/images/logo.webp', 'https://exemple.fr')).toBe(
      'https://exemple.fr/images/logo.png',
    )
    expect(existsSync('public/images/logo.png')).toBe(true)
    expect(absoluteLogo('https://cdn.fr/l.png', 'https://exemple.fr')).toBe('https://cdn.fr/l.png')
    expect(absoluteLogo('javascript:alert(1)', 'https://exemple.fr')).toBeUndefined()
    expect(absoluteLogo('//evil.fr/x.png', 'https://exemple.fr')).toBeUndefined()
  })
})
