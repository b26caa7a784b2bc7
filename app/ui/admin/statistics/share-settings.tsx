// « Partager les statistiques » (ADR 096): one secret, read-only link to the dashboard. Its
// address is shown once, when made (only its hash is kept); « Révoquer » ends it at once.
import { Form } from 'react-router'
import { SubmitButton } from '../buttons.tsx'

export function StatsShareSettings({
  share,
  createdUrl,
}: {
  share: { createdAt: string } | null
  createdUrl?: string
}) {
  const since = share
    ? new Date(share.createdAt).toLocaleDateString('fr-FR', { dateStyle: 'long' })
    : null
  return (
    <section aria-labelledby="stats-share" className="mt-6 border-t border-zinc-200 pt-4">
      <h3 id="stats-share" className="font-semibold text-zinc-900">
        Partager les statistiques
      </h3>
      <p className="mt-1 text-sm text-zinc-600">
        Un lien secret donne accès au tableau de bord en lecture seule, sans compte : ni réglages,
        ni exports. Créer un nouveau lien révoque le précédent.
      </p>
      {createdUrl ? (
        <div role="status" className="mt-3 text-sm">
          <label className="block font-medium text-zinc-800">
            Lien de partage (affiché une seule fois)
            <input
              readOnly
              value={createdUrl}
              className="mt-1 block w-full rounded-md border border-zinc-300 px-2 py-1 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
        </div>
      ) : share ? (
        <p className="mt-3 text-sm text-zinc-800">
          Un lien de partage est actif depuis le {since}.
        </p>
      ) : (
        <p className="mt-3 text-sm text-zinc-800">Aucun lien de partage actif.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <SubmitButton intent="share-create">
            {share || createdUrl ? 'Créer un nouveau lien' : 'Créer un lien de partage'}
          </SubmitButton>
        </Form>
        {share || createdUrl ? (
          <Form method="post">
            <SubmitButton intent="share-revoke" variant="secondary">
              Révoquer
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </section>
  )
}
