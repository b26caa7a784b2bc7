// The publish form's newsletter box (ADR 097): « Envoyer aux abonnés » (default from the
// newsletter settings), how many will receive the post, « M'envoyer un test », and once an
// issue went out, its progress. It asks its own resource route, so the blog form's loader is
// untouched; the box's value travels with the post's form and is applied by its action.
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import type { Locale } from '#app/domain/i18n/locale.ts'
import {
  issueProgressText,
  NEWSLETTER_OFFERED_FIELD,
  NEWSLETTER_PUBLISH_PATH,
  NEWSLETTER_PUBLISH_TEXTS as T,
  NEWSLETTER_SEND_FIELD,
  type NewsletterPublishView,
} from '#app/domain/newsletter.ts'

export function NewsletterPublish({ postId, locale }: { postId?: string; locale: Locale }) {
  const view = useFetcher<NewsletterPublishView>()
  const test = useFetcher<{ message?: string; error?: string }>()
  const query = `${NEWSLETTER_PUBLISH_PATH}?langue=${locale}${postId ? `&post=${encodeURIComponent(postId)}` : ''}`
  const { load } = view
  useEffect(() => {
    void load(query)
  }, [load, query])
  const data = view.data
  if (!data) return null
  return (
    <fieldset
      className="rounded-lg border border-zinc-200 p-4 md:col-span-2"
      aria-label="Lettre d’information"
    >
      <legend className="px-1 text-sm font-medium text-zinc-700">Lettre d’information</legend>
      {data.progress && data.progress.total > 0 ? (
        <p aria-live="polite" className="text-sm text-zinc-700">
          {issueProgressText(data.progress)}
        </p>
      ) : data.isPublic ? (
        <p className="text-sm text-zinc-600">{T.alreadyPublic}</p>
      ) : (
        <>
          <input type="hidden" name={NEWSLETTER_OFFERED_FIELD} value="1" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={NEWSLETTER_SEND_FIELD} defaultChecked={data.send} />
            {T.checkbox}
          </label>
          <p className="mt-1 text-xs text-zinc-600">{T.receivers(data.subscribers, locale)}</p>
        </>
      )}
      {!data.mailConfigured ? (
        <p className="mt-1 text-xs text-amber-800">{T.notConfigured}</p>
      ) : null}
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-50"
          disabled={!postId || test.state !== 'idle'}
          onClick={() =>
            void test.submit(
              { intent: 'test', post: postId ?? '', langue: locale },
              { method: 'post', action: NEWSLETTER_PUBLISH_PATH },
            )
          }
        >
          {T.test}
        </button>
        {!postId ? <span className="text-xs text-zinc-600">{T.testNeedsSave}</span> : null}
        {test.data ? (
          <span aria-live="polite" className="text-sm text-zinc-700">
            {test.data.message ?? test.data.error}
          </span>
        ) : null}
      </p>
    </fieldset>
  )
}
