// Admin › « Abonnés » (ADR 097): the newsletter's subscribers with search and filters (status,
// language), counts, growth per month, the latest issues' progress, the sending settings,
// delete (the proof of consent shown first), CSV export and import from Ghost, Substack,
// Mailchimp or any CSV. Admins only: subscribers are personal data.
import { data, Form, useLoaderData, useActionData } from 'react-router'
import type { Route } from './+types/subscribers'
import { LOCALES, type Locale } from '#app/domain/i18n/locale.ts'
import {
  issueProgressText,
  NewsletterSettingsSchema,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberStatus,
} from '#app/domain/newsletter.ts'
import {
  IMPORT_MAX_BYTES,
  IMPORT_PRESETS,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  ImportOptionsSchema,
  planImport,
} from '#app/domain/newsletter-import.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { readListQuery, SUBSCRIBERS_LIST } from '#app/domain/admin-list.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import {
  getNewsletterSettings,
  saveNewsletterSettings,
} from '#app/server/newsletter/sending.server.ts'
import {
  deleteSubscriber,
  getSubscriber,
  importSubscribers,
  listSubscribers,
  recentIssues,
  subscriberCounts,
  subscriberGrowth,
} from '#app/server/repositories/newsletter.server.ts'
import { ConfirmDelete } from '#app/ui/admin/confirm-delete.tsx'
import { ListFilters } from '#app/ui/admin/list-controls.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { TabHeader, tabMeta } from '#app/ui/admin/tabs.tsx'

export const meta = () => tabMeta('subscribers')

const LOCALE_LABELS: Record<Locale, string> = { fr: 'Français', en: 'Anglais' }
const statusOf = (v: unknown) =>
  SUBSCRIBER_STATUSES.find((s) => s === v) as SubscriberStatus | undefined
const localeOf = (v: unknown) => LOCALES.find((l) => l === v)

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  // The same URL reading as every admin list (ADR 099).
  const query = readListQuery(SUBSCRIBERS_LIST, new URL(request.url).searchParams)
  const filters = {
    q: query.q,
    status: statusOf(query.filters.statut),
    locale: localeOf(query.filters.langue),
  }
  const [items, counts, growth, issues, settings] = await Promise.all([
    listSubscribers(filters),
    subscriberCounts(),
    subscriberGrowth(),
    recentIssues(),
    getNewsletterSettings(),
  ])
  return { items, counts, growth, issues, settings, query }
}

const refuse = (error: string, status = 400) => data({ error }, { status })

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'delete') {
    const id = String(form.get('id') ?? '')
    const subscriber = id ? await getSubscriber(id) : undefined
    if (!subscriber || !(await deleteSubscriber(id)))
      return refuse('Abonné introuvable : il a peut-être déjà été supprimé.', 404)
    await recordActivity(request, {
      actor: admin,
      action: 'delete',
      resourceType: 'settings',
      details: 'Abonné à la lettre supprimé',
    })
    return redirectWithToast('/admin/subscribers', { kind: 'success', message: 'Abonné supprimé' })
  }
  if (intent === 'import') return importCsv(request, admin, form)
  if (intent === 'settings') {
    const parsed = NewsletterSettingsSchema.safeParse({
      ratePerMinute: form.get('ratePerMinute'),
      sendByDefault: form.get('sendByDefault'),
    })
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Réglages invalides')
    await saveNewsletterSettings(parsed.data)
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'settings',
      details: 'Réglages de la lettre enregistrés',
    })
    return redirectWithToast('/admin/subscribers', {
      kind: 'success',
      message: 'Réglages de la lettre enregistrés',
    })
  }
  return refuse('Action inconnue')
}

async function importCsv(
  request: Request,
  admin: Awaited<ReturnType<typeof requireAdmin>>,
  form: FormData,
) {
  // A file, or its content pasted. A browser sends the empty file input as an empty file:
  // that is no file, so the pasted content counts then.
  const given = form.get('file')
  const file = given instanceof File && given.size > 0 ? given : undefined
  const pasted = form.get('csv')
  const size = file ? file.size : typeof pasted === 'string' ? pasted.length : 0
  if (size === 0) return refuse('Choisissez un fichier CSV à importer ou collez son contenu.')
  if (size > IMPORT_MAX_BYTES) return refuse('Fichier trop volumineux : 3 Mo au maximum.')
  const text = file ? await file.text() : String(pasted ?? '')
  const options = ImportOptionsSchema.safeParse({
    source: form.get('source'),
    locale: form.get('locale'),
    emailColumn: form.get('emailColumn') || undefined,
    dateColumn: form.get('dateColumn') || undefined,
    // A browser posts the empty inputs: empty means the source's column, as for the others.
    confirmedColumn: form.get('confirmedColumn') || undefined,
  })
  if (!options.success) return refuse(options.error.issues[0]?.message ?? 'Options invalides')
  const plan = planImport(text, options.data)
  if (!plan.ok) return refuse(plan.error)
  const source = SUBSCRIBER_SOURCES.find((s) => s === options.data.source) ?? 'csv'
  const added = await importSubscribers(plan.rows, source)
  const confirmed = plan.rows.filter((r) => r.confirmed).length
  await recordActivity(request, {
    actor: admin,
    action: 'create',
    resourceType: 'settings',
    details: `Abonnés importés (${IMPORT_SOURCE_LABELS[options.data.source]}) : ${added}`,
  })
  const skipped = plan.rows.length - added
  return redirectWithToast('/admin/subscribers', {
    kind: 'success',
    message:
      `${added} adresse${added > 1 ? 's' : ''} importée${added > 1 ? 's' : ''} ` +
      `(${confirmed} confirmée${confirmed > 1 ? 's' : ''} selon le fichier)` +
      (skipped > 0 ? `, ${skipped} déjà connue${skipped > 1 ? 's' : ''}` : '') +
      (plan.refused > 0
        ? `, ${plan.refused} ligne${plan.refused > 1 ? 's' : ''} ignorée${plan.refused > 1 ? 's' : ''} (adresse invalide)`
        : ''),
  })
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('fr-FR', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

function Proof({ s }: { s: Subscriber }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-zinc-600">Consentement le</dt>
      <dd>{formatDateTime(s.consentAt)}</dd>
      <dt className="text-zinc-600">Source</dt>
      <dd>{s.source === 'form' ? 'Formulaire du site' : IMPORT_SOURCE_LABELS[s.source]}</dd>
      {s.consentPage ? (
        <>
          <dt className="text-zinc-600">Page</dt>
          <dd>{s.consentPage}</dd>
        </>
      ) : null}
      {s.consentText ? (
        <>
          <dt className="text-zinc-600">Texte accepté</dt>
          <dd>{s.consentText}</dd>
        </>
      ) : null}
      {s.consentIp ? (
        <>
          <dt className="text-zinc-600">Adresse IP (tronquée)</dt>
          <dd>{s.consentIp}</dd>
        </>
      ) : null}
      {s.confirmedAt ? (
        <>
          <dt className="text-zinc-600">Confirmé le</dt>
          <dd>{formatDateTime(s.confirmedAt)}</dd>
        </>
      ) : null}
    </dl>
  )
}

const input = 'rounded-md border border-zinc-300 px-2 py-1.5 text-sm'

/** A choice of the import form: a select of the labelled values, the first one chosen. */
function ImportChoice<T extends string>({
  label,
  name,
  values,
  labels,
}: {
  label: string
  name: string
  values: readonly T[]
  labels: Record<T, string>
}) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={values[0]} className={`${input} ml-2`}>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  )
}

export default function SubscribersTab() {
  const { items, counts, growth, issues, settings, query } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  const peak = Math.max(1, ...growth.map((g) => g.added))
  return (
    <div className="space-y-8">
      <TabHeader title="Abonnés">
        <a
          href="/api/subscribers/export"
          className="rounded-md px-3 py-2 text-sm font-medium text-violet-700 hover:bg-violet-50"
          download
        >
          Exporter en CSV
        </a>
      </TabHeader>
      {failure && 'error' in failure ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure.error}
        </p>
      ) : null}

      <section aria-labelledby="counts-title">
        <h3 id="counts-title" className="mb-2 font-medium">
          {total} abonné{total > 1 ? 's' : ''}
        </h3>
        <ul className="flex flex-wrap gap-3 text-sm">
          {SUBSCRIBER_STATUSES.map((s) => (
            <li key={s} className="rounded-md bg-zinc-100 px-3 py-1">
              {SUBSCRIBER_STATUS_LABELS[s]} : {counts[s]}
            </li>
          ))}
        </ul>
        <table className="mt-4 text-sm" aria-label="Nouveaux abonnés par mois">
          <tbody>
            {growth.map((g) => (
              <tr key={g.month}>
                <th scope="row" className="pr-3 text-left font-normal text-zinc-600">
                  {monthLabel(g.month)}
                </th>
                <td className="w-48">
                  <span
                    className="block h-3 rounded bg-violet-500"
                    style={{ width: `${(g.added / peak) * 100}%` }}
                  />
                </td>
                <td className="pl-3 tabular-nums">{g.added}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {issues.length > 0 ? (
        <section aria-labelledby="issues-title">
          <h3 id="issues-title" className="mb-2 font-medium">
            Derniers envois
          </h3>
          <ul className="space-y-1 text-sm">
            {issues.map((i) => (
              <li key={`${i.postId}:${i.locale}`}>
                {i.title} ({LOCALE_LABELS[i.locale]}) : {issueProgressText(i.progress)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="list-title">
        <h3 id="list-title" className="mb-2 font-medium">
          Liste
        </h3>
        <ListFilters spec={SUBSCRIBERS_LIST} query={query} label="Rechercher des abonnés" />
        {items.length === 0 ? (
          <p className="text-sm text-zinc-600">Aucun abonné.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-zinc-200">
                <th className="py-2">Adresse</th>
                <th>Langue</th>
                <th>Statut</th>
                <th>Depuis</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id} className="border-b border-zinc-100 align-top">
                  <td className="py-2">{s.email}</td>
                  <td>{LOCALE_LABELS[s.locale]}</td>
                  <td>{SUBSCRIBER_STATUS_LABELS[s.status]}</td>
                  <td>{formatDateTime(s.consentAt)}</td>
                  <td>
                    <ConfirmDelete
                      id={s.id}
                      itemName={s.email}
                      question={`Supprimer l’abonné ${s.email} et sa preuve de consentement ?`}
                      warning={<Proof s={s} />}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="import-title">
        <h3 id="import-title" className="mb-2 font-medium">
          Importer un fichier CSV
        </h3>
        <p className="mb-2 text-sm text-zinc-600">
          Export de membres Ghost, d’abonnés Substack ou d’audience Mailchimp. Une adresse n’est
          confirmée que si le fichier le dit ; la date de consentement du fichier et sa source sont
          gardées comme preuve.
        </p>
        <Form method="post" encType="multipart/form-data" className="grid gap-2 md:grid-cols-2">
          <input type="hidden" name="intent" value="import" />
          <label className="text-sm">
            Fichier CSV
            <input name="file" type="file" accept=".csv,text/csv" className="ml-2" />
          </label>
          <label className="text-sm md:col-span-2">
            Ou collez le contenu du fichier
            <textarea name="csv" rows={3} className={`${input} mt-1 block w-full font-mono`} />
          </label>
          <ImportChoice
            label="Source"
            name="source"
            values={IMPORT_SOURCES}
            labels={IMPORT_SOURCE_LABELS}
          />
          <ImportChoice
            label="Langue des abonnés"
            name="locale"
            values={LOCALES}
            labels={LOCALE_LABELS}
          />
          <label className="text-sm">
            Colonne de l’adresse
            <input name="emailColumn" className={`${input} ml-2`} placeholder="selon la source" />
          </label>
          <label className="text-sm">
            Colonne de la date de consentement
            <input name="dateColumn" className={`${input} ml-2`} placeholder="selon la source" />
          </label>
          <label className="text-sm">
            Colonne « confirmé »
            <input
              name="confirmedColumn"
              className={`${input} ml-2`}
              placeholder="selon la source"
            />
          </label>
          <p className="text-xs text-zinc-600 md:col-span-2">
            Colonnes par défaut :{' '}
            {IMPORT_SOURCES.map(
              (s) =>
                `${IMPORT_SOURCE_LABELS[s]} : ${IMPORT_PRESETS[s].email}, ${IMPORT_PRESETS[s].date}, ${IMPORT_PRESETS[s].confirmed}`,
            ).join(' · ')}
          </p>
          <div>
            <SubmitButton>Importer</SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="settings-title">
        <h3 id="settings-title" className="mb-2 font-medium">
          Réglages d’envoi
        </h3>
        <Form method="post" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="settings" />
          <label className="text-sm">
            Rythme d’envoi (e-mails par minute)
            <input
              name="ratePerMinute"
              type="number"
              min={1}
              max={60000}
              defaultValue={settings.ratePerMinute}
              className={`${input} ml-2 w-28`}
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="sendByDefault" defaultChecked={settings.sendByDefault} />
            Cocher « Envoyer aux abonnés » par défaut
          </label>
          <SubmitButton>Enregistrer les réglages</SubmitButton>
        </Form>
      </section>
    </div>
  )
}
