// Contact form: name, email and message required. Bounds are ours (ADR 004).
import { z } from 'zod'
import { MAX_LENGTH, requiredEmail, requiredText } from './common.ts'
import { CONTACT_HONEYPOT_FIELD } from './contact-form.ts'

export const ContactSchema = z
  .object({
    name: requiredText('Le nom est requis'),
    email: requiredEmail("L'adresse e-mail est requise"),
    message: requiredText('Le message est requis', MAX_LENGTH.text),
    [CONTACT_HONEYPOT_FIELD]: z
      .unknown()
      .optional()
      .refine((v) => v === undefined || v === null || v === '', {
        error: 'Ce champ doit rester vide',
      }),
  })
  // The honeypot is not part of the message.
  .transform(({ name, email, message }) => ({ name, email, message }))

export type ContactInput = z.input<typeof ContactSchema>
export type ContactData = z.output<typeof ContactSchema>
