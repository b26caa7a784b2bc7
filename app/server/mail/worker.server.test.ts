// How a failed send is described to the admin: the SMTP server's own answer as it is, a
// network failure in French with its technical text.
import { describe, expect, it } from 'vitest'
import { classifySmtpError } from './worker.server.ts'

const failure = (message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), extra)

describe('classifySmtpError', () => {
  it('keeps an SMTP answer as the server wrote it; 5xx is permanent, 4xx is not', () => {
    expect(
      classifySmtpError(
        failure('Message failed', { responseCode: 550, response: '550 Mailbox unavailable' }),
      ),
    ).toEqual({ permanent: true, message: '550 Mailbox unavailable' })
    expect(
      classifySmtpError(failure('x', { responseCode: 451, response: '451 Try again later' })),
    ).toEqual({ permanent: false, message: '451 Try again later' })
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
      const { permanent, message } = classifySmtpError(error)
      expect(permanent, error.message).toBe(false)
      expect(message.startsWith(french), message).toBe(true)
      expect(message).toContain(`(${error.message})`)
    }
  })
})
