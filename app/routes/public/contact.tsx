import { useEffect, useRef } from 'react'
import { data, Form, isRouteErrorResponse, useNavigation } from 'react-router'
import { Link } from '#app/ui/link.tsx'
import { CheckCircle2, Loader2, Mail, MapPin, Phone, Send } from 'lucide-react'
import { sendStat } from '#app/ui/chrome/audience.tsx'
import type { Route } from './+types/contact'
import type { FieldErrors } from '#app/domain/common.ts'
import { MAX_LENGTH } from '#app/domain/limits.ts'
import { CONTACT_FAILURE, CONTACT_HONEYPOT_FIELD } from '#app/domain/contact-form.ts'
import { handleContact } from '#app/server/messages/contact.server.ts'
import { keepRetryAfter } from '#app/server/http/request-body.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { SectionHeader, sectionMeta } from '#app/ui/public/page-header.tsx'
import { localeOfPath } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { useT } from '#app/ui/i18n.tsx'

export async function loader() {
  const settings = await getSiteSettings()
  const c = settings.contact
  return {
    contact: {
      phone: c.phone?.trim() || null,
      email: c.email?.trim() || null,
      address: c.address?.trim() || null,
    },
    // From the domain schema, sent as data so Zod stays out of the page's JavaScript.
    honeypot: CONTACT_HONEYPOT_FIELD,
    max: { short: MAX_LENGTH.short, email: MAX_LENGTH.email, text: MAX_LENGTH.text },
  }
}

// A 429 says how long the limit really holds (ADR 023).
export const headers = keepRetryAfter

export async function action({ request }: Route.ActionArgs) {
  const result = await handleContact(request)
  if (result.status === 'sent') return { status: 'sent' as const }
  const { httpStatus, retryAfter, ...rest } = result
  return data(rest, {
    status: httpStatus,
    headers: retryAfter ? { 'Retry-After': retryAfter } : undefined,
  })
}

/**
 * A send that never reaches the server (offline, aborted) fails like one the
 * server could not store: the red error and the typed values kept, not the error screen.
 * Redirects and error responses (maintenance mode's 503) still take their usual way.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  // The body can be read once: keep a copy of the values before the server action sends it.
  const sent = await request.clone().formData()
  try {
    return await serverAction()
  } catch (error: unknown) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error
    const text = (name: string) => {
      const value = sent.get(name)
      return typeof value === 'string' ? value : ''
    }
    const fieldErrors: FieldErrors = {}
    const failure = {
      status: 'error' as const,
      message:
        localeOfPath(new URL(request.url).pathname) === 'en'
          ? translate('en', 'contact:failure')
          : CONTACT_FAILURE,
      fieldErrors,
      values: { name: text('name'), email: text('email'), message: text('message') },
    }
    // An error status, as from the server: the router then skips reloading the page's data,
    // which would fail the same way and replace the form with the error screen.
    return data(failure, { status: 503 })
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, '/contact', {
    title: 'nav:contact',
    description: 'contact:description',
  })
}

function ContactCard({
  Icon,
  id,
  label,
  value,
  href,
}: {
  Icon: typeof Phone
  /** The French label, the card's stable test id. */
  id: string
  label: string
  /** Null when the field is empty: the card is left out (ADR 021). */
  value: string | null
  href: (v: string) => string
}) {
  if (!value) return null
  const external = href(value).startsWith('http')
  return (
    <li className="card flex items-start gap-4 p-5" data-testid={`contact-card-${id}`}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-fg-2">{label}</h2>
        <a
          href={href(value)}
          className="link break-words"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {value}
        </a>
      </div>
    </li>
  )
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, honeypot, max } = loaderData
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const form = useRef<HTMLFormElement>(null)
  const sent = actionData?.status === 'sent'
  const failure = actionData && actionData.status === 'error' ? actionData : null
  const values = failure?.values
  const errors = failure?.fieldErrors ?? {}
  const tr = useT()
  /** A control's id and name (all are required), the value typed before a refusal, and its
   * error's links. */
  const control = (name: 'name' | 'email' | 'message') => ({
    id: `contact-${name}`,
    name,
    required: true,
    defaultValue: values?.[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  })

  // A message sent is a goal of the statistics (ADR 072).
  useEffect(() => {
    if (sent) sendStat('contact')
  }, [sent, actionData])

  // Sent → form cleared; failed → form kept.
  useEffect(() => {
    if (sent && navigation.state === 'idle') form.current?.reset()
  }, [sent, navigation.state])

  // The send button is disabled while sending, which takes the focus from it: once the answer
  // is in, the keyboard goes to the first field to fix, the error, or the confirmation.
  const status = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (navigation.state !== 'idle' || !actionData) return
    const active = document.activeElement
    if (active && active !== document.body) return
    if (failure) {
      const first = (['name', 'email', 'message'] as const).find(
        (key) => failure.fieldErrors?.[key],
      )
      const field = first ? form.current?.elements.namedItem(first) : null
      const target = field instanceof HTMLElement ? field : document.getElementById('contact-error')
      target?.focus()
    } else if (sent) status.current?.focus()
  }, [actionData, failure, sent, navigation.state])

  return (
    <>
      <SectionHeader eyebrow="nav:contact" title="contact:title" intro="contact:intro" />
      <div className="mx-auto grid max-w-6xl gap-10 px-6 lg:grid-cols-[1fr_22rem]">
        <div className="card p-6 md:p-8">
          {sent ? (
            <div
              ref={status}
              tabIndex={-1}
              role="status"
              className="mb-6 flex items-start gap-3 rounded-2xl border border-secondary bg-raised p-5 focus:outline-none"
            >
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-link" />
              <div>
                <p className="font-display text-xl font-semibold text-fg">{tr('contact:sent')}</p>
                <p className="text-fg-2">{tr('contact:thanks')}</p>
              </div>
            </div>
          ) : null}
          {/* noValidate: the server's French messages, not the browser's bubbles (in the
              browser's language); `required` stays for assistive technology. */}
          <Form
            ref={form}
            method="post"
            preventScrollReset
            noValidate
            className="grid gap-5"
            aria-describedby={failure ? 'contact-error' : undefined}
          >
            <Field label={tr('contact:name')} name="name" error={errors.name}>
              <input
                {...control('name')}
                autoComplete="name"
                maxLength={max.short}
                className="field"
              />
            </Field>
            <Field label="E-mail" name="email" error={errors.email}>
              <input
                {...control('email')}
                type="email"
                autoComplete="email"
                maxLength={max.email}
                className="field"
              />
            </Field>
            <Field label={tr('contact:message')} name="message" error={errors.message}>
              <textarea
                {...control('message')}
                rows={6}
                maxLength={max.text}
                className="field resize-y"
              />
            </Field>
            {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label>
                {tr('contact:website')}
                <input
                  name={honeypot}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </label>
            </div>
            {failure ? (
              <p
                id="contact-error"
                tabIndex={-1}
                role="alert"
                className="rounded-xl border border-red-400 bg-red-950/60 p-4 font-medium text-red-200"
              >
                {failure.message}
              </p>
            ) : null}
            <button type="submit" disabled={sending} className="btn btn-primary justify-self-start">
              {sending ? (
                <Loader2
                  aria-hidden="true"
                  className="size-4 animate-spin"
                  data-testid="contact-spinner"
                />
              ) : (
                <Send aria-hidden="true" className="size-4" />
              )}
              {sending ? tr('contact:sending') : tr('contact:send')}
            </button>
          </Form>
          {/* GDPR art. 13: what is kept, why and for how long. */}
          <p className="mt-6 text-sm text-fg-2">
            {tr('contact:storage')}{' '}
            <Link to="/confidentialite" className="link">
              {tr('legal:privacy')}
            </Link>
          </p>
        </div>
        {/* ADR 021: an empty field shows nothing; contact details are never invented. */}
        <ul className="grid h-fit gap-4">
          <ContactCard
            Icon={Phone}
            id="Téléphone"
            label={tr('contact:phone')}
            value={contact.phone}
            href={(v) => `tel:${v.replace(/[^\d+]/g, '')}`}
          />
          <ContactCard
            Icon={Mail}
            id="E-mail"
            label="E-mail"
            value={contact.email}
            href={(v) => `mailto:${v}`}
          />
          <ContactCard
            Icon={MapPin}
            id="Adresse"
            label={tr('contact:address')}
            value={contact.address}
            href={(v) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(v)}`}
          />
        </ul>
      </div>
    </>
  )
}

function Field({
  label,
  name,
  error,
  children,
}: {
  label: string
  name: string
  error?: string
  children: React.ReactNode
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={`contact-${name}`} className="text-sm font-semibold text-fg-2">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`contact-${name}-error`} className="text-sm font-medium text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  )
}
