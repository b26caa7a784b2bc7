// How a failed send is described and classified (ADR 104): the SMTP server's own answer as it
// is, a network failure in French with its technical text; a 5xx at RCPT refuses the address.
import { describe, expect, it } from 'vitest'
import { classifySmtpError } from './smtp-errors.server.ts'

const failure = (message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), extra)

describe('classifySmtpError', () => {
  it('keeps an SMTP answer as the server wrote it; 5xx is permanent, 4xx is not', () => {
    expect(
      classifySmtpError(
        failure('Message failed', { responseCode: 550, response: '550 Mailbox unavailable' }),
      ),
    ).toEqual({ outcome: 'failed', message: '550 Mailbox unavailable' })
    expect(
      classifySmtpError(failure('x', { responseCode: 451, response: '451 Try again later' })),
    ).toEqual({ outcome: 'retry', message: '451 Try again later' })
  })

  it('refuses the address on a 5xx at RCPT, never on a 4xx there', () => {
    const rcpt = { response: '550 5.1.1 No such user', command: 'RCPT TO' }
    expect(classifySmtpError(failure('x', { ...rcpt, responseCode: 550 })).outcome).toBe('rejected')
    expect(
      classifySmtpError(failure('x', { code: 'EENVELOPE', responseCode: 553, response: '553' }))
        .outcome,
    ).toBe('rejected')
    expect(classifySmtpError(failure('x', { ...rcpt, responseCode: 450 })).outcome).toBe('retry')
    expect(
      classifySmtpError(failure('x', { responseCode: 554, response: '554', command: 'DATA' }))
        .outcome,
    ).toBe('failed')
  })

  it('says a network failure in French, temporary, with the technical text after it', () => {
    const cases: Array<[Error, string]> = [
      [
        failure('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' }),
        'Connexion refusée par le serveur d’envoi',
      ],
      [
        failure('getaddrinfo ENOTFOUND smtp.exemple.invalid', { code: 'EDNS' }),
        'Serveur d’envoi introuvable (adresse inconnue)',
      ],
      [failure('Connection timeout', { code: 'ETIMEDOUT' }), 'Le serveur d’envoi ne répond pas'],
      [failure('read ECONNRESET', { code: 'ESOCKET' }), 'Connexion interrompue'],
      [failure('Invalid login: 535 bad', { code: 'EAUTH' }), 'Identifiants refusés'],
      [failure('self-signed certificate', { code: 'ESOCKET' }), 'Échec de la connexion chiffrée'],
      [failure('Quelque chose'), 'Échec de l’envoi'],
    ]
    for (const [error, french] of cases) {
      const { outcome, message } = classifySmtpError(error)
      expect(outcome, error.message).toBe('retry')
      expect(message.startsWith(french), message).toBe(true)
      expect(message).toContain(`(${error.message})`)
    }
  })
})
