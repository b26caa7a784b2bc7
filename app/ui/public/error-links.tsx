import { Link } from '#app/ui/link.tsx'
import { AlertTriangle as LucideAlertTriangle } from 'lucide-react'
import { Home } from '#app/ui/chrome/icons.tsx'
import { fastIcon } from '#app/ui/icons.tsx'

// Built once (ADR 040).
const AlertTriangle = /* @__PURE__ */ fastIcon(LucideAlertTriangle)

/** The way out of an error page: home, and 'Signaler un Problème'. */
export function ErrorLinks() {
  return (
    <div className="flex flex-wrap justify-center gap-4">
      <Link to="/" className="btn btn-primary">
        <Home aria-hidden="true" className="size-4" />
        Retour à l&apos;accueil
      </Link>
      <Link to="/contact" className="btn btn-ghost">
        <AlertTriangle aria-hidden="true" className="size-4" />
        Signaler un Problème
      </Link>
    </div>
  )
}
