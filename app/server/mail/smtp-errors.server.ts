// What an SMTP failure means, for the outbox worker and the newsletter sender alike (ADR 104):
// a permanent answer (5xx) about the address, given at RCPT, means the address is refused
// (« rejetée » for a subscriber); a permanent answer about the message fails it; anything
// else (4xx, a network failure, no answer) is worth retrying later.

/**
 * Failures that never reached an SMTP answer, said in French for the admin (Messages,
 * Paramètres › E-mails), the technical text kept after it for diagnosis.
 */
const NETWORK_FAILURES: Array<[RegExp, string]> = [
  [/ECONNREFUSED/, 'Connexion refusée par le serveur d’envoi'],
  [/ENOTFOUND|EAI_AGAIN|\bEDNS\b/, 'Serveur d’envoi introuvable (adresse inconnue)'],
  [/ETIMEDOUT|\btimeout\b|timed out/i, 'Le serveur d’envoi ne répond pas (délai dépassé)'],
  [/ECONNRESET|EPIPE|socket hang up/i, 'Connexion interrompue par le serveur d’envoi'],
  [/\bEAUTH\b|Invalid login|authentication/i, 'Identifiants refusés par le serveur d’envoi'],
  [/\bETLS\b|certificate|self[- ]signed|SSL|TLS/i, 'Échec de la connexion chiffrée (TLS)'],
  [/ENETUNREACH|EHOSTUNREACH/, 'Serveur d’envoi injoignable (réseau)'],
]

interface SmtpFailure {
  /** rejected: 5xx at RCPT; failed: another 5xx; retry: 4xx or no answer. */
  outcome: 'rejected' | 'failed' | 'retry'
  /** The server's answer as it wrote it, or a network failure in French. */
  message: string
}

/** What the SMTP server answered, or what kept it from answering, classified. */
export function classifySmtpError(error: unknown): SmtpFailure {
  const e = error as {
    responseCode?: unknown
    response?: unknown
    message?: unknown
    code?: unknown
    command?: unknown
  }
  const code = typeof e?.responseCode === 'number' ? e.responseCode : undefined
  const technical =
    typeof e?.response === 'string' && e.response
      ? e.response
      : typeof e?.message === 'string'
        ? e.message
        : String(error)
  // An SMTP answer ("550 Mailbox unavailable") is the server's own words: kept as they are.
  let message = technical
  if (code === undefined) {
    const text = `${typeof e?.code === 'string' ? e.code : ''} ${technical}`
    const french = NETWORK_FAILURES.find(([pattern]) => pattern.test(text))?.[1]
    message = french ? `${french} (${technical})` : `Échec de l’envoi (${technical})`
  }
  message = message.slice(0, 1000)
  if (code === undefined || code < 500) return { outcome: 'retry', message }
  // nodemailer says EENVELOPE when every recipient was refused, and names the command.
  const atRcpt =
    e?.code === 'EENVELOPE' || (typeof e?.command === 'string' && /RCPT/i.test(e.command))
  return { outcome: atRcpt ? 'rejected' : 'failed', message }
}
