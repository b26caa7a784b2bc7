// Side menu of the administration hub: the 12 tabs of spec §2 in order, the active one
// highlighted (NavLink sets aria-current="page").
import { NavLink } from 'react-router'
import {
  Activity,
  Briefcase,
  FileText,
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
} from 'lucide-react'
import { ADMIN_TABS, type AdminTabId } from '#app/domain/admin-tabs.ts'

const ICONS: Record<AdminTabId, LucideIcon> = {
  profile: User,
  projects: FolderKanban,
  skills: Sparkles,
  timeline: RouteIcon,
  blog: FileText,
  process: Workflow,
  media: Film,
  cv: Briefcase,
  users: Users,
  messages: Mail,
  settings: Settings,
  activity: Activity,
}

/** `counts.messages`: unread messages, shown as a badge on the tab (issue 11 §5). */
export function AdminNav({ counts = {} }: { counts?: Partial<Record<AdminTabId, number>> }) {
  return (
    <nav aria-label="Onglets d'administration" className="md:w-60 md:shrink-0">
      {/* Narrow screens: the tabs wrap, so all 12 and the active one stay in sight (audit 5). */}
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
                  `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${
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
