// /compte/adresse — where the e-mailed confirmation link lands (ADR 082). Better Auth has
// already marked the address proven, or appended `error` to say the link failed. Works
// signed in or not: the link may be opened in another browser.
import { Link } from 'react-router'
import { privatePageMeta } from '#app/domain/seo.ts'
import { shippedVideo } from '#app/server/auth/page-assets.server.ts'
import { getCurrentSession } from '#app/server/auth/session.server.ts'
import { AuthShell } from '#app/ui/auth/auth-shell.tsx'
import type { Route } from './+types/address-confirmed'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Confirmation de l’adresse e-mail')
}

export async function loader({ request }: Route.LoaderArgs) {
  const failed = new URL(request.url).searchParams.has('error')
  const signedIn = !!(await getCurrentSession(request))
  return { video: shippedVideo('login-bg.webm'), failed, signedIn }
}

export default function AddressConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { failed, signedIn, video } = loaderData
  return (
    <AuthShell title="Confirmation de l’adresse e-mail" video={video}>
      <div role="status" className="space-y-4 text-center text-white/90">
        {failed ? (
          <p>
            Ce lien de confirmation n’est plus valable : il a expiré ou a déjà servi. Demandez-en un
            nouveau depuis « Mon compte ».
          </p>
        ) : (
          <p>Votre adresse e-mail est confirmée. Merci !</p>
        )}
        <p>
          <Link to={signedIn ? '/compte' : '/login'} className="underline">
            {signedIn ? 'Aller à « Mon compte »' : 'Se connecter'}
          </Link>
        </p>
      </div>
    </AuthShell>
  )
}
