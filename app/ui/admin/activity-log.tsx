// Admin › "Journal d'Activité": filters
// by action, resource type and user (a GET form: the filters live in the URL), then the
// entries newest first with the visitor information.
import { Form, Link, useSearchParams } from 'react-router'
import {
  ACTIVITY_ACTION_LABELS,
  activitySentence,
  detailsWorthShowing,
  displayActor,
  displayInfo,
  isFailedLogin,
  RESOURCE_TYPE_LABELS,
  UNKNOWN,
  type ActivityAction,
  type ResourceType,
} from '#app/domain/activity.ts'
import type { ActivityLog } from '#app/domain/types.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { labelKeys } from '#app/domain/labels.ts'
import { buttonStyles } from './buttons.tsx'
import { CheckboxField, SelectField, optionsWithNone } from './fields.tsx'
import { EmptyState } from './list.tsx'

export const ACTIVITY_TITLE = "Journal d'Activité"
export const NO_ACTIVITY = 'Aucune activité à afficher.'
export const SHOW_PAGE_VIEWS = 'Afficher les consultations de pages'

export interface ActivityFilterValues {
  action?: ActivityAction
  resourceType?: ResourceType
  userId?: string
  pageViews?: boolean
}

const ACTION_OPTIONS = optionsWithNone(
  'Toutes les actions',
  labelKeys(ACTIVITY_ACTION_LABELS),
  ACTIVITY_ACTION_LABELS,
)
const RESOURCE_TYPE_OPTIONS = optionsWithNone(
  'Tous les types',
  labelKeys(RESOURCE_TYPE_LABELS),
  RESOURCE_TYPE_LABELS,
)

export function ActivityFilters({
  filters,
  users,
}: {
  filters: ActivityFilterValues
  users: { userId: string; userName: string }[]
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrer le journal"
      className="mb-4 grid gap-3 rounded-md border border-zinc-200 bg-white p-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end"
    >
      <SelectField
        name="action"
        label="Action"
        defaultValue={filters.action ?? ''}
        options={ACTION_OPTIONS}
      />
      <SelectField
        name="resourceType"
        label="Type de ressource"
        defaultValue={filters.resourceType ?? ''}
        options={RESOURCE_TYPE_OPTIONS}
      />
      <SelectField
        name="userId"
        label="Utilisateur"
        defaultValue={filters.userId ?? ''}
        options={[
          { value: '', label: 'Tous les utilisateurs' },
          ...users.map((u) => ({ value: u.userId, label: displayActor(u) })),
        ]}
      />
      <button type="submit" className={buttonStyles.primary}>
        Filtrer
      </button>
      {/* Page views would flood the log: hidden unless asked for. */}
      <div className="md:col-span-4">
        <CheckboxField
          name="pageViews"
          label={SHOW_PAGE_VIEWS}
          defaultChecked={!!filters.pageViews}
          value="1"
        />
      </div>
    </Form>
  )
}

function location(entry: ActivityLog): string {
  const { city, region, country } = entry.userInfo.location
  const known = [city, region, country].filter((v) => v && v !== UNKNOWN)
  return known.length ? known.join(', ') : displayInfo(UNKNOWN)
}

export function ActivityList({ entries }: { entries: ActivityLog[] }) {
  if (entries.length === 0) {
    return <EmptyState>{NO_ACTIVITY}</EmptyState>
  }
  return (
    <ol aria-label="Entrées du journal" className="flex flex-col gap-3">
      {entries.map((entry) => {
        const info = entry.userInfo
        const sentence = activitySentence(entry)
        const failed = isFailedLogin(entry)
        const visitor: [string, string][] = [
          ['Adresse IP', info.ip],
          ['Navigateur', info.browser],
          ['Système', info.os],
          ['Appareil', info.device],
          ['Localisation', location(entry)],
          ['Langue', info.language],
          ['Résolution', info.screenResolution],
          ['Fuseau horaire', info.timezone],
          ['Provenance', info.referrer],
        ]
        return (
          <li
            key={entry.id}
            data-action={entry.action}
            className={`rounded-md border bg-white p-4 ${failed ? 'border-red-300' : 'border-zinc-200'}`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm text-zinc-900">
                <span className="font-semibold">{sentence.actor}</span> {sentence.text}
              </p>
              <time dateTime={entry.timestamp} className="text-xs text-zinc-500">
                {formatDateTime(entry.timestamp)}
              </time>
            </div>
            {detailsWorthShowing(entry) ? (
              <p className="mt-1 text-sm text-zinc-700">{entry.details}</p>
            ) : null}
            <details className="mt-2 text-xs text-zinc-600">
              <summary className="cursor-pointer select-none">Informations visiteur</summary>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
                {visitor.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-medium text-zinc-700">{label}</dt>
                    <dd className="break-all">{displayInfo(value)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </li>
        )
      })}
    </ol>
  )
}

export const STALE_CURSOR =
  'Ce lien de pagination n’est pas valide : voici les entrées les plus récentes.'

/**
 * Newer and older pages of the log (keyset pagination, ADR 098): each link carries the
 * cursor of the page's edge and keeps the filters of the URL.
 */
export function ActivityPager({ newer, older }: { newer?: string; older?: string }) {
  const [searchParams] = useSearchParams()
  if (!newer && !older) return null
  const href = (key: 'apres' | 'avant' | undefined, cursor?: string) => {
    const params = new URLSearchParams(searchParams)
    params.delete('apres')
    params.delete('avant')
    params.delete('page')
    if (key && cursor) params.set(key, cursor)
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
  return (
    <nav
      aria-label="Pagination du journal"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <div className="flex flex-wrap gap-2">
        {newer ? (
          <>
            <Link to={href(undefined)} className={buttonStyles.secondary}>
              Les plus récentes
            </Link>
            <Link to={href('avant', newer)} className={buttonStyles.secondary} rel="prev">
              Entrées plus récentes
            </Link>
          </>
        ) : null}
      </div>
      {older ? (
        <Link to={href('apres', older)} className={buttonStyles.secondary} rel="next">
          Entrées plus anciennes
        </Link>
      ) : null}
    </nav>
  )
}
