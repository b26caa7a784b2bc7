// The hub's tab UI in one place: the side menu (the tabs of ADMIN_TABS in order, the active
// one highlighted: NavLink sets aria-current="page"), each tab's heading and its page title.
// The tab list itself stays in app/domain/admin-tabs.ts: the route config and the activity
// log read it without React.
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import {
  Activity,
  Briefcase,
  ChartColumn,
  FileText,
  Files,
  Film,
  FolderKanban,
  type LucideIcon,
  Mail,
  Route as RouteIcon,
  Settings,
  Sparkles,
  User,
  Users,
  Workflow,
  MailPlus,
} from 'lucide-react'
import { ADMIN_TABS, type AdminTabId } from '#app/domain/admin-tabs.ts'

/** A tab's document title, e.g. 'Projets — Administration du Portfolio'. */
export function tabMeta(id: AdminTabId) {
  const tab = ADMIN_TABS.find((t) => t.id === id)
  return [{ title: `${tab?.label ?? ''} — Administration du Portfolio` }]
}

/** Tab heading (h2) with optional actions on the right (e.g. an add button). */
export function TabHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-xl font-semibold text-zinc-900">{title}</h2>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  )
}

const ICONS: Record<AdminTabId, LucideIcon> = {
  profile: User,
  projects: FolderKanban,
  skills: Sparkles,
  timeline: RouteIcon,
  blog: FileText,
  pages: Files,
  process: Workflow,
  media: Film,
  cv: Briefcase,
  users: Users,
  messages: Mail,
  settings: Settings,
  activity: Activity,
  statistics: ChartColumn,
  subscribers: MailPlus,
}

/** `counts.messages`: unread messages, shown as a badge on the tab. */
export function AdminNav({ counts = {} }: { counts?: Partial<Record<AdminTabId, number>> }) {
  return (
    <nav aria-label="Onglets d'administration" className="md:w-60 md:shrink-0">
      {/* Narrow screens: the tabs wrap, so all of them and the active one stay in sight. */}
      <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
        {ADMIN_TABS.map((tab) => {
          const Icon = ICONS[tab.id]
          const count = counts[tab.id]
          // The link's name stays its text ("Messages"): the badge is hidden from assistive
          // technology and the count is the link's description ("3 non lus").
          const countId = `admin-nav-count-${tab.id}`
          return (
            <li key={tab.id}>
              <NavLink
                to={`/admin/${tab.id}`}
                prefetch="intent"
                aria-describedby={count ? countId : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-1.5 rounded-md px-2 py-1 text-xs whitespace-nowrap sm:gap-2 sm:px-3 sm:py-2 sm:text-sm ${
                    isActive
                      ? 'bg-violet-600 font-semibold text-white'
                      : 'text-zinc-700 hover:bg-zinc-100'
                  }`
                }
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {tab.label}
                {count ? (
                  <span
                    aria-hidden="true"
                    className="ml-auto rounded-full bg-red-700 px-2 text-xs font-semibold text-white"
                  >
                    {count}
                  </span>
                ) : null}
              </NavLink>
              {count ? (
                <span id={countId} hidden>
                  {count} non lu{count === 1 ? '' : 's'}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
