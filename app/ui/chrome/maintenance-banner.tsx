// With maintenance mode on, a signed-in admin sees the normal site; this strip
// (in the hub and on public pages, for admins only) says so and leads to the switch.
import { Link } from '#app/ui/link.tsx'
import { TriangleAlert } from 'lucide-react'

export const MAINTENANCE_BANNER_TEXT =
  'Mode maintenance actif : les visiteurs voient la page de maintenance'
export const MAINTENANCE_OFF_LINK = 'Désactiver le mode maintenance'
/** The maintenance section of 'Paramètres' (its fieldset's heading id). */
export const MAINTENANCE_SETTINGS_HREF = '/admin/settings#settings-maintenance'

export function MaintenanceBanner({ className = '' }: { className?: string }) {
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950 ${className}`}
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>{MAINTENANCE_BANNER_TEXT}</span>
      <Link to={MAINTENANCE_SETTINGS_HREF} className="underline underline-offset-2">
        {MAINTENANCE_OFF_LINK}
      </Link>
    </div>
  )
}
