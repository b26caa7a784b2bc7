import { useEffect, useRef } from 'react'
import { Link } from '#app/ui/link.tsx'
import { LayoutDashboard, LogOut, UserCog } from 'lucide-react'

import { usePathChange } from './use-path-change.ts'
import { Avatar } from '#app/ui/primitives/avatar.tsx'
import { useT } from '#app/ui/i18n.tsx'

const MENU_ITEM = 'flex items-center gap-2 rounded-xl px-2 py-2 text-fg hover:bg-raised'

export interface ChromeUser {
  name: string
  email: string
  image: string | null
  /** An active admin or editor: the navigation shows its Admin entry (ADR 093). */
  canAdmin?: boolean
}

/**
 * User menu, only when signed in: avatar (default image without a photo), display
 * name or e-mail, Administration link (closes the menu) and Déconnexion (POST /logout).
 * A <details> element keeps it usable before JavaScript loads.
 */
export function UserMenu({ user }: { user: ChromeUser }) {
  const details = useRef<HTMLDetailsElement>(null)
  const label = user.name.trim() || user.email
  const tr = useT()

  usePathChange(() => {
    if (details.current) details.current.open = false
  })

  /** Closes the menu; from inside it, the focus goes back to its button (not to <body>). */
  const close = () => {
    const menu = details.current
    if (!menu?.open) return
    const inside = menu.contains(document.activeElement)
    menu.open = false
    if (inside) menu.querySelector('summary')?.focus()
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close()
    }
    // Tabbing out of the open menu closes it.
    const onFocus = (e: FocusEvent) => {
      const menu = details.current
      if (menu?.open && e.target instanceof Node && !menu.contains(e.target)) menu.open = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocus)
    }
  }, [])

  return (
    <details ref={details} className="relative">
      <summary
        aria-label={tr('user:menu')}
        className="flex size-12 cursor-pointer list-none items-center justify-center overflow-hidden rounded-full border-2 border-secondary bg-surface shadow-lg [&::-webkit-details-marker]:hidden"
      >
        <Avatar src={user.image} size={48} className="size-full object-cover" />
      </summary>
      <div className="absolute top-14 right-0 z-50 w-64 rounded-2xl border border-line bg-surface p-3 shadow-2xl">
        <p className="truncate px-2 pb-2 font-semibold text-fg">{label}</p>
        <Link to="/admin" onClick={close} className={MENU_ITEM}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {tr('user:admin')}
        </Link>
        <Link to="/compte" onClick={close} className={MENU_ITEM}>
          <UserCog aria-hidden="true" className="size-4" />
          {tr('user:account')}
        </Link>
        <form method="post" action="/logout">
          <button type="submit" className={`${MENU_ITEM} w-full text-left`}>
            <LogOut aria-hidden="true" className="size-4" />
            {tr('user:logout')}
          </button>
        </form>
      </div>
    </details>
  )
}
