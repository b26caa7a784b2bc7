// What the contact page's component needs, without the schema: the browser never loads Zod
// for a public form (ADR 086); the server checks with ContactSchema (contact.ts).
/** The red text of a failed send (server failure or network failure). */
export const CONTACT_FAILURE =
  "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer."

/** Hidden field a person leaves empty; a bot that fills every input gets refused. */
export const CONTACT_HONEYPOT_FIELD = 'website'
