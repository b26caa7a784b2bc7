import { useT } from '#app/ui/i18n.tsx'
import { Link } from '#app/ui/link.tsx'
import { AlertTriangle, Home } from 'lucide-react'

/** The way out of an error page: home, and 'Signaler un Problème'. */
export function ErrorLinks() {
  const t = useT()
  return (
    <div className="flex flex-wrap justify-center gap-4">
      <Link to="/" className="btn btn-primary">
        <Home aria-hidden="true" className="size-4" />
        {t('chrome:backHome')}
      </Link>
      <Link to="/contact" className="btn btn-ghost">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {t('error:report')}
      </Link>
    </div>
  )
}

/** The French page offered where its English version is missing: never shown in its place (ADR 075). */
export function FrenchOffer({ offer }: { offer: { title: string; path: string } | null }) {
  const t = useT()
  if (!offer) return null
  return (
    <p className="text-fg-2">
      {t('notFound:otherLanguage')}{' '}
      <a href={offer.path} hrefLang="fr" lang="fr" className="link">
        {offer.title}
      </a>
    </p>
  )
}
