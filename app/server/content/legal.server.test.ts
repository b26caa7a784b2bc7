import { describe, expect, it } from 'vitest'
import { legalMarkdown, legalTemplate } from '#app/domain/legal.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { DEMO_PROFILE, DEMO_SETTINGS } from '../demo/content.server.ts'
import { getDb } from '../db/client.server.ts'
import { demoIdentityState } from '../demo/identity.server.ts'
import { DEMO_NAME_PLACEHOLDER, getLegalFacts } from './legal.server.ts'
import { renderMarkdown } from './markdown.server.ts'
import { saveProfile } from '../repositories/profile.server.ts'
import { updateSettings } from '../repositories/settings.server.ts'

describe('the demo identity in the legal pages and the hub (ADR 070)', () => {
  useTestDatabase()

  it('the templates never name the demo person, her address or her phone', async () => {
    await updateSettings(DEMO_SETTINGS)
    await saveProfile(DEMO_PROFILE)
    expect(await demoIdentityState(getDb())).toEqual({ profile: true, legal: true })
    const facts = await getLegalFacts()
    expect(facts).toMatchObject({ ownerName: DEMO_NAME_PLACEHOLDER })
    expect(facts.email).toBeUndefined()
    expect(facts.phone).toBeUndefined()
    const notice = legalTemplate('notice', facts)
    expect(notice).not.toContain('camille-laurent.fr')
    expect(notice).not.toContain('06 42 18 57 93')
    expect(notice).not.toContain('Camille Laurent, à titre personnel')
    expect(notice).toContain('Contact : via le formulaire de la page Contact')
  })

  it('the owner’s own details are used as soon as they are entered', async () => {
    await updateSettings({
      ...DEMO_SETTINGS,
      contact: { email: 'alex@exemple.fr', phone: '01 23 45 67 89' },
    })
    await saveProfile({ ...DEMO_PROFILE, name: 'Alex Martin', email: 'alex@exemple.fr', phone: '' })
    expect(await demoIdentityState(getDb())).toEqual({ profile: false, legal: false })
    expect(await getLegalFacts()).toMatchObject({
      ownerName: 'Alex Martin',
      email: 'alex@exemple.fr',
      phone: '01 23 45 67 89',
    })
  })
})

describe('legal pages through the posts’ Markdown pipeline (ADR 021)', () => {
  const facts = {
    siteName: 'Atelier Lumière',
    ownerName: 'Alex Martin',
    email: 'alex@atelier.fr',
    phone: '+33 6 11 22 33 44',
    siteUrl: 'https://atelier.fr',
    activityRetentionDays: 365,
    outboxRetentionDays: 90,
    analytics: false,
  }
  const headingsOf = (html: string) =>
    [...html.matchAll(/<h(\d)[^>]*>([\s\S]*?)<\/h\1>/g)].map(
      // The text before the heading's own anchor link.
      (m) => `h${m[1]} ${m[2]!.replace(/<a [\s\S]*<\/a>/, '')}`,
    )

  it('every template renders the headings it always had, as h2, and its contact lines', async () => {
    const expected = {
      notice: [
        'Éditeur du site',
        'Hébergement',
        'Propriété intellectuelle',
        'Données personnelles',
      ],
      privacy: [
        'Responsable du traitement',
        'Formulaire de contact',
        'Lettre d’information',
        'Comptes et journal d’activité',
        'Cookies',
        'Vos droits',
      ],
      terms: ['Objet', 'Comptes', 'Contenus', 'Contact'],
    } as const
    for (const key of ['notice', 'privacy', 'terms'] as const) {
      const { html } = await renderMarkdown(legalMarkdown(legalTemplate(key, facts)))
      expect(headingsOf(html)).toEqual(expected[key].map((h) => `h2 ${h}`))
    }
    const { html } = await renderMarkdown(legalMarkdown(legalTemplate('notice', facts)))
    expect(html).toContain('à titre personnel.<br>')
    expect(html).toContain('Téléphone : +33 6 11 22 33 44')
    expect(html).toContain("[nom, adresse et téléphone de l'hébergeur]")
  })

  it('the owner’s Markdown is rendered (a # heading becomes the page’s h2), sanitised', async () => {
    const { html } = await renderMarkdown(
      legalMarkdown(
        '# Mentions légales\n\nTexte **important**.\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))',
      ),
    )
    expect(headingsOf(html)).toEqual(['h2 Mentions légales'])
    expect(html).toContain('<strong>important</strong>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('# Mentions')
  })

  it('a plain text written before keeps its headings and its line breaks', async () => {
    const { html } = await renderMarkdown(
      legalMarkdown('Éditeur\n\nLigne un.\nLigne deux.\n\nHébergement\n\nChez moi.'),
    )
    expect(headingsOf(html)).toEqual(['h2 Éditeur', 'h2 Hébergement'])
    expect(html).toContain('Ligne un.<br>')
  })
})
