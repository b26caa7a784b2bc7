// The public 404 screen: the not-found route's, and the one an address no page of the owner
// holds shows (ADR 090), so both are the same page.
import { useEffect, useState } from 'react'
import { ErrorLinks } from '#app/ui/public/error-links.tsx'
import { useT } from '#app/ui/i18n.tsx'

/** The decorative glitch runs every 3 s for 200 ms. */
const GLITCH_EVERY_MS = 3000
const GLITCH_FOR_MS = 200

export function NotFoundScreen() {
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
