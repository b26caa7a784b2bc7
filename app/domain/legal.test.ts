import { describe, expect, it } from 'vitest'
import {
  legalBlocks,
  legalTemplate,
  legalText,
  OWNER_PLACEHOLDER,
  type LegalFacts,
} from './legal.ts'

const facts: LegalFacts = {
  siteName: 'Atelier Lumière',
  ownerName: 'Camille Martin',
  email: 'camille@atelier.fr',
  phone: '+33 6 11 22 33 44',
  address: '12 rue des Arts, 69001 Lyon',
  siteUrl: 'https://atelier.fr',
  activityRetentionDays: 365,
  outboxRetentionDays: 90,
  analytics: false,
}

describe('legal templates (ADR 021)', () => {
  it('name the owner and their contact details in French', () => {
    const notice = legalTemplate('notice', facts)
    expect(notice).toContain(
      'Le site Atelier Lumière (https://atelier.fr) est édité par Camille Martin',
    )
    expect(notice).toContain('E-mail : camille@atelier.fr')
    expect(notice).toContain('Téléphone : +33 6 11 22 33 44')
    expect(notice).toContain('Adresse : 12 rue des Arts, 69001 Lyon')
    expect(notice).toContain('Directeur de la publication : Camille Martin.')
    const privacy = legalTemplate('privacy', facts)
    expect(privacy).toContain('Camille Martin, joignable par e-mail à camille@atelier.fr')
    expect(privacy).toContain('supprimées au bout de 365 jours')
    expect(privacy).toContain('sont conservés 90 jours pour suivre leur envoi, puis supprimés')
    expect(privacy).toContain('Aucun cookie de mesure d’audience')
    expect(legalTemplate('privacy', { ...facts, analytics: true })).toContain(
      'n’est activée qu’après votre accord',
    )
    expect(legalTemplate('terms', facts)).toContain('édité par Camille Martin')
  })

  it('invent nothing the owner did not enter', () => {
    const bare = { ...facts, email: '', phone: undefined, address: '  ' }
    const notice = legalTemplate('notice', bare)
    expect(notice).toContain('Contact : via le formulaire de la page Contact')
    expect(notice).not.toMatch(/Téléphone|Adresse :|@/)
    expect(legalTemplate('privacy', bare)).toContain('via le formulaire de la page Contact')
  })

  it('give the same contact details in English, and invent none there either', () => {
    const notice = legalTemplate('notice', facts, 'en')
    expect(notice).toContain('E-mail: camille@atelier.fr')
    expect(notice).toContain('Phone: +33 6 11 22 33 44')
    expect(notice).toContain('Address: 12 rue des Arts, 69001 Lyon')
    expect(legalTemplate('privacy', facts, 'en')).toContain(
      'Camille Martin, who can be reached by e-mail at camille@atelier.fr or through the Contact page',
    )
    const bare = { ...facts, email: '', phone: undefined, address: '  ' }
    const bareNotice = legalTemplate('notice', bare, 'en')
    expect(bareNotice).toContain('Contact: through the form on the Contact page')
    expect(bareNotice).not.toMatch(/Phone|Address:|@/)
    expect(legalTemplate('terms', bare, 'en')).toContain(
      'write through the form on the Contact page.',
    )
  })

  it("shows the owner's own text when there is one, the template otherwise", () => {
    expect(legalText('terms', '  Mes conditions  ', facts)).toBe('Mes conditions')
    expect(legalText('terms', '   ', facts)).toBe(legalTemplate('terms', facts))
    expect(legalText('terms', undefined, facts)).toBe(legalTemplate('terms', facts))
  })

  it('cuts plain text into headings and paragraphs, keeping markup as text', () => {
    expect(
      legalBlocks('Éditeur\n\nLigne un.\r\nLigne deux\n\n\n<script>alert(1)</script>'),
    ).toEqual([
      { kind: 'heading', text: 'Éditeur' },
      { kind: 'paragraph', lines: ['Ligne un.', 'Ligne deux'] },
      { kind: 'heading', text: '<script>alert(1)</script>' },
    ])
    expect(legalBlocks('Une phrase complète.')).toEqual([
      { kind: 'paragraph', lines: ['Une phrase complète.'] },
    ])
  })
})

describe('the English legal templates (ADR 089)', () => {
  const variants: LegalFacts[] = [
    facts,
    { ...facts, email: '', phone: undefined, address: undefined },
    { ...facts, analytics: true, statistics: { retentionMonths: 13 } },
    { ...facts, ownerName: OWNER_PLACEHOLDER.fr },
  ]
  const shape = (text: string) =>
    text.split('\n\n').map((block) => (block.startsWith('## ') ? '#' : block.split('\\\n').length))

  it('have the French templates’ structure for every set of facts', () => {
    for (const f of variants)
      for (const key of ['notice', 'privacy', 'terms'] as const)
        expect(shape(legalTemplate(key, f, 'en')), key).toEqual(shape(legalTemplate(key, f)))
  })

  it('name the same facts, and the English placeholder for the demo person', () => {
    const privacy = legalTemplate(
      'privacy',
      { ...facts, statistics: { retentionMonths: 13 } },
      'en',
    )
    expect(privacy).toContain('## Visit statistics')
    expect(privacy).toContain('deleted after 13 months')
    expect(privacy).toContain('without cookies')
    expect(legalTemplate('notice', facts, 'en')).toContain(`published by ${facts.ownerName}`)
    const demo = legalTemplate('notice', { ...facts, ownerName: OWNER_PLACEHOLDER.fr }, 'en')
    expect(demo).toContain(OWNER_PLACEHOLDER.en)
    expect(demo).not.toContain(OWNER_PLACEHOLDER.fr)
    expect(legalText('terms', '  ', facts, 'en')).toBe(legalTemplate('terms', facts, 'en'))
  })
})
