import { describe, expect, it } from 'vitest'
import {
  deviceLabel,
  normaliseRecoveryCode,
  SecondFactorSchema,
  TotpCodeSchema,
} from './two-factor.ts'

describe('two-factor forms and device labels', () => {
  it('names the browser and the system of a session in French', () => {
    expect(deviceLabel('Firefox', 'Linux')).toBe('Firefox sur Linux')
    expect(deviceLabel('Safari', null)).toBe('Safari')
    expect(deviceLabel(null, 'Android')).toBe('Android')
    expect(deviceLabel(null, null)).toBe('Appareil inconnu')
  })

  it('normalises recovery codes and refuses bad codes in French', () => {
    expect(normaliseRecoveryCode(' abcde-fghij ')).toBe('ABCDEFGHIJ')
    expect(SecondFactorSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe(
      'Saisissez le code de vérification',
    )
    expect(SecondFactorSchema.safeParse({ code: ['1'] }).error?.issues[0]?.message).toBe(
      'Saisissez le code de vérification',
    )
    expect(TotpCodeSchema.safeParse({ code: '123 456' }).data).toEqual({ code: '123456' })
    expect(TotpCodeSchema.safeParse({ code: '12345a' }).error?.issues[0]?.message).toBe(
      'Le code comporte 6 chiffres.',
    )
  })
})
