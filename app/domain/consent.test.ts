import { describe, expect, it } from 'vitest'
import { CONSENT_MAX_AGE_DAYS, parseConsent, serializeConsent } from './consent.ts'

describe('analytics consent (ADR 022)', () => {
  const now = new Date('2026-11-23T12:00:00Z')

  it('remembers a choice for 6 months, then asks again', () => {
    expect(parseConsent(serializeConsent('granted', now), now)).toBe('granted')
    expect(parseConsent(serializeConsent('denied', now), now)).toBe('denied')
    const old = new Date(now.getTime() - (CONSENT_MAX_AGE_DAYS + 1) * 86_400_000)
    expect(parseConsent(serializeConsent('granted', old), now)).toBeNull()
  })

  it('treats anything else as no choice (never as consent)', () => {
    for (const raw of [
      null,
      '',
      'granted',
      '{"choice":"yes","at":"2026-11-23T12:00:00Z"}',
      '{"choice":"granted"}',
      '{bad',
      '{"choice":"granted","at":"2099-01-01T00:00:00Z"}',
    ]) {
      expect(parseConsent(raw, now)).toBeNull()
    }
  })
})
