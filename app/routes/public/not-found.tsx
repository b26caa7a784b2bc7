import { useEffect, useState } from 'react'
import { data, redirect } from 'react-router'
import type { Route } from './+types/not-found'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { ErrorLinks } from '#app/ui/public/error-links.tsx'
import { importedRedirect } from '#app/server/transfer/redirects.server.ts'
import { localeOfMatches } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import { useT } from '#app/ui/i18n.tsx'

/** The decorative glitch runs every 3 s for 200 ms. */
export const GLITCH_EVERY_MS = 3000
export const GLITCH_FOR_MS = 200

export async function loader({ request }: Route.LoaderArgs) {
  // A former address of an imported post (ADR 066): only paths no route serves get here.
  const target = await importedRedirect(new URL(request.url).pathname)
  if (target) return redirect(target, 301)
  return data(null, { status: 404 })
}

export function meta({ matches, location }: Route.MetaArgs) {
  const locale = localeOfMatches(matches)
  return pageMeta(matches, {
    title: translate(locale, 'error:notFoundTitle'),
    description: translate(locale, 'notFound:description'),
    path: location.pathname,
    noindex: true,
  })
}

export default function NotFound() {
  const [glitch, setGlitch] = useState(false)
  const t = useT()

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let off: number | undefined
    const every = window.setInterval(() => {
      setGlitch(true)
      off = window.setTimeout(() => setGlitch(false), GLITCH_FOR_MS)
    }, GLITCH_EVERY_MS)
    return () => {
      window.clearInterval(every)
      window.clearTimeout(off)
    }
  }, [])

  return (
    <section className="relative mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center gap-8 px-6 pt-24 text-center">
      <p
        aria-hidden="true"
        className="font-display text-8xl font-bold text-fg-2 opacity-40 md:text-9xl"
      >
        404
      </p>
      <h1
        data-testid="glitch-title"
        data-active={glitch}
        className="glitch gradient-text text-4xl font-bold md:text-6xl"
      >
        {t('error:notFoundTitle')}
      </h1>
      <p className="max-w-xl text-lg text-fg-2">{t('notFound:text')}</p>
      <ErrorLinks />
    </section>
  )
}
