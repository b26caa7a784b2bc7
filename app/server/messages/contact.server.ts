// Contact form handling: validated with the shared ContactSchema,
// stored with status 'new', defended by a honeypot and a per-address rate limit.
import { ContactSchema } from '#app/domain/contact.ts'
import { CONTACT_FAILURE, CONTACT_HONEYPOT_FIELD } from '#app/domain/contact-form.ts'
import { formDataToObject, toFieldErrors, type FieldErrors } from '#app/domain/common.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { readFormData } from '../http/request-body.server.ts'
import { log } from '../core/log.server.ts'
import { hit, retryAfterHeader } from '../rate-limit/rate-limit.server.ts'
import { CONTACT_RATE_LIMIT } from '../rate-limit/rate-limit-rules.server.ts'
import { createMessage } from '../repositories/messages.server.ts'
import { queueNewMessageAlert } from '../mail/mail.server.ts'
import { kickMailWorker } from '../mail/worker.server.ts'
import { requestLocale, type Locale } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { englishFieldErrors } from '#app/domain/i18n/field-errors.ts'

/** Contact send failure, shown in red above the kept values. */
export const CONTACT_RATE_LIMITED =
  'Trop de messages envoyés depuis votre adresse. Veuillez réessayer dans quelques minutes.'
export const CONTACT_INVALID = 'Veuillez corriger les champs signalés.'

export { CONTACT_RATE_LIMIT }

export type ContactValues = { name: string; email: string; message: string }

export type ContactResult =
  | { status: 'sent' }
  | {
      status: 'error'
      message: string
      fieldErrors: FieldErrors
      values: ContactValues
      httpStatus: number
      /** Retry-After of a 429. */
      retryAfter?: string
    }

function valuesOf(raw: Record<string, unknown>): ContactValues {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10_000) : '')
  return { name: text(raw.name), email: text(raw.email), message: text(raw.message) }
}

/** Each visible field's English refusal when the issue says nothing more precise (ADR 074). */
function englishFieldTexts(): Record<keyof ContactValues, string> {
  return {
    name: translate('en', 'contact:nameError'),
    email: translate('en', 'contact:emailError'),
    message: translate('en', 'contact:messageError'),
  }
}

export async function handleContact(
  request: Request,
  locale: Locale = requestLocale(request),
): Promise<ContactResult> {
  const text = (
    french: string,
    key: 'contact:rateLimited' | 'contact:invalid' | 'contact:failure',
  ) => (locale === 'fr' ? french : translate(locale, key))
  const raw = formDataToObject(await readFormData(request))
  const values = valuesOf(raw)
  const ip = getClientIp(request)

  if (!(await hit(`contact:${ip}`, CONTACT_RATE_LIMIT, Date.now(), { owner: ip }))) {
    return {
      status: 'error',
      message: text(CONTACT_RATE_LIMITED, 'contact:rateLimited'),
      fieldErrors: {},
      values,
      httpStatus: 429,
      retryAfter: await retryAfterHeader(`contact:${ip}`),
    }
  }

  // A filled honeypot is a bot: answer as if sent (tells it nothing), store nothing.
  const trap = raw[CONTACT_HONEYPOT_FIELD]
  if (typeof trap === 'string' && trap.trim() !== '') {
    log.warn('Contact honeypot filled; message dropped')
    return { status: 'sent' }
  }

  const parsed = ContactSchema.safeParse(raw)
  if (!parsed.success) {
    return {
      status: 'error',
      message: text(CONTACT_INVALID, 'contact:invalid'),
      fieldErrors:
        locale === 'fr'
          ? toFieldErrors(parsed.error)
          : englishFieldErrors(parsed.error, raw, englishFieldTexts()),
      values,
      httpStatus: 400,
    }
  }

  try {
    // The owner's alert is queued in the message's own transaction (ADR 019).
    // The message remembers its language; the owner's alert stays French (ADR 075).
    await createMessage(parsed.data, (trx, message) => queueNewMessageAlert(trx, message), locale)
    kickMailWorker()
    return { status: 'sent' }
  } catch (error) {
    log.error('Contact message could not be stored', {
      error: error instanceof Error ? error.message : String(error),
    })
    return {
      status: 'error',
      message: text(CONTACT_FAILURE, 'contact:failure'),
      fieldErrors: {},
      values,
      httpStatus: 500,
    }
  }
}
