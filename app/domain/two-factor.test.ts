import { describe, expect, it } from 'vitest'
import {
  describeDevice,
  normaliseRecoveryCode,
  SecondFactorSchema,
  TotpCodeSchema,
} from './two-factor.ts'

describe('two-factor forms and device labels', () => {
  it('names the browser and the system of a session in French', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge sur Windows')
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari sur iPhone')
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toBe('Firefox sur Linux')
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36'),
    ).toBe('Chrome sur Linux')
    expect(describeDevice(null)).toBe('Appareil inconnu')
    expect(describeDevice('curl/8.0')).toBe('Appareil inconnu')
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
