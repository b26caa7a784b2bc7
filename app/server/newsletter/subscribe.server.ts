// The public side of the newsletter (ADR 085): a subscription request, the confirmation link
// and the one-click unsubscribe. Every subscription request gets the same answer whether the
// address is new, pending or confirmed, so the form tells no one who subscribed.
import { formDataToObject } from '#app/domain/common.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { CONFIRM_TTL_MS, SubscribeSchema } from '#app/domain/newsletter.ts'
import {
  DEFAULT_CONSENT_TEXT,
  NEWSLETTER_HONEYPOT_FIELD,
  NEWSLETTER_TEXTS,
} from '#app/domain/newsletter-texts.ts'
import { truncateIp } from '../activity/user-info.server.ts'
import { log } from '../core/log.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { readFormData } from '../http/request-body.server.ts'
import { queueNewsletterConfirmation } from '../mail/mail.server.ts'
import { kickMailWorker } from '../mail/worker.server.ts'
import { hit, retryAfterHeader, type RateLimitRule } from '../rate-limit/rate-limit.server.ts'
import { requestSubscription } from '../repositories/newsletter.server.ts'

/** Per client address: a flood of subscriptions is refused in its language. */
export const SUBSCRIBE_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 }
/** Per e-mail address, whoever asks (the daily confirmation cap is in the repository too). */
export const SUBSCRIBE_EMAIL_RATE_LIMIT: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 }

export type SubscribeResult =
  | { status: 'done'; message: string }
  | { status: 'error'; message: string; httpStatus: number; retryAfter?: string }

export async function handleSubscribe(request: Request): Promise<SubscribeResult> {
  const raw = formDataToObject(await readFormData(request))
  const locale: Locale = raw.locale === 'en' ? 'en' : 'fr'
  const texts = NEWSLETTER_TEXTS[locale]
  const ip = getClientIp(request)
  const done = { status: 'done', message: texts.done } as const

  if (!(await hit(`newsletter:${ip}`, SUBSCRIBE_RATE_LIMIT, Date.now(), { owner: ip })))
    return {
      status: 'error',
      message: texts.rateLimited,
      httpStatus: 429,
      retryAfter: await retryAfterHeader(`newsletter:${ip}`),
    }
  const trap = raw[NEWSLETTER_HONEYPOT_FIELD]
  if (typeof trap === 'string' && trap.trim() !== '') return done

  const parsed = SubscribeSchema.safeParse(raw)
  if (!parsed.success) return { status: 'error', message: texts.invalid, httpStatus: 400 }
  const data = parsed.data
  // Over its own limit an address gets the usual answer: a refusal would tell it is known.
  if (
    !(await hit(`newsletter:email:${data.email}`, SUBSCRIBE_EMAIL_RATE_LIMIT, Date.now(), {
      owner: ip,
    }))
  )
    return done
  try {
    const { queued } = await requestSubscription(
      data,
      { consentIp: truncateIp(ip), consentText: DEFAULT_CONSENT_TEXT[data.locale] },
      (trx, confirmation) => queueNewsletterConfirmation(trx, confirmation, CONFIRM_TTL_MS),
    )
    if (queued) kickMailWorker()
    return done
  } catch (error) {
    log.error('Newsletter subscription could not be stored', {
      error: error instanceof Error ? error.message : String(error),
    })
    return { status: 'error', message: texts.failure, httpStatus: 503 }
  }
}
