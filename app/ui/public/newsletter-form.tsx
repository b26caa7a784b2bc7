// The newsletter's subscription form (ADR 085), in the page's language: an address, the
// consent sentence, a honeypot. It posts to /abonnement and shows the server's one answer.
import { useLocation, useFetcher } from 'react-router'
import { MAX_LENGTH } from '#app/domain/limits.ts'
import {
  DEFAULT_CONSENT_TEXT,
  NEWSLETTER_HONEYPOT_FIELD,
  NEWSLETTER_TEXTS,
} from '#app/domain/newsletter-texts.ts'
import { useLocale } from '#app/ui/i18n.tsx'

export function NewsletterForm() {
  const locale = useLocale()
  const texts = NEWSLETTER_TEXTS[locale]
  const { pathname } = useLocation()
  const fetcher = useFetcher<{ status: 'done' | 'error'; message: string }>()
  const answer = fetcher.data
  const id = 'newsletter-email'
  return (
    <section aria-labelledby="newsletter-title" className="card mx-auto my-12 max-w-3xl p-6">
      <h2 id="newsletter-title" className="text-xl font-semibold text-fg">
        {texts.title}
      </h2>
      <fetcher.Form method="post" action="/abonnement" className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="page" value={pathname} />
        <div aria-hidden="true" className="hidden">
          <label>
            Website
            <input type="text" name={NEWSLETTER_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <label htmlFor={id} className="text-sm font-semibold text-fg-2">
          {texts.email}
        </label>
        <div className="flex flex-wrap gap-3">
          <input
            id={id}
            type="email"
            name="email"
            required
            maxLength={MAX_LENGTH.email}
            autoComplete="email"
            className="field min-w-0 flex-1"
          />
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            {texts.submit}
          </button>
        </div>
        <p className="text-sm text-muted">{DEFAULT_CONSENT_TEXT[locale]}</p>
        {answer ? (
          <p
            role={answer.status === 'done' ? 'status' : 'alert'}
            className={answer.status === 'done' ? 'text-fg' : 'text-red-500'}
          >
            {answer.message}
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  )
}
