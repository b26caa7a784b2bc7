import { data, redirect } from 'react-router'
import type { Route } from './+types/not-found'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { NotFoundScreen } from '#app/ui/public/not-found-screen.tsx'
import { importedRedirect } from '#app/server/transfer/redirects.server.ts'
import { localeOfMatches } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'

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
  return <NotFoundScreen />
}
