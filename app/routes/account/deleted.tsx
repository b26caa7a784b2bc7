// /compte/supprime — the confirmation shown once an account deleted itself (ADR 082). It
// holds nothing about anyone: the account and its sessions are already gone.
import { Link } from 'react-router'
import { ACCOUNT_TEXTS } from '#app/domain/account.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { shippedVideo } from '#app/server/auth/page-assets.server.ts'
import { AuthShell } from '#app/ui/auth/auth-shell.tsx'
import type { Route } from './+types/deleted'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'Compte supprimé')
}

export function loader() {
  return { video: shippedVideo('login-bg.webm') }
}

export default function AccountDeletedPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title="Compte supprimé" video={loaderData.video}>
      <div role="status" className="space-y-4 text-center text-white/90">
        <p>{ACCOUNT_TEXTS.deleted}</p>
        <p>
          <Link to="/" className="underline">
            Retour au site
          </Link>
        </p>
      </div>
    </AuthShell>
  )
}
