import { useRef } from 'react'
import { useLocation } from 'react-router'
import { Link } from '#app/ui/link.tsx'
import { Menu, X } from 'lucide-react'
import { isActivePath, NAV_ITEMS } from './nav-items.ts'
import { usePathChange } from './use-path-change.ts'
import { useT } from '#app/ui/i18n.tsx'

const PANEL_ID = 'site-navigation'

/**
 * Navigation: menu button at top right, Admin only for a signed-in admin or editor (ADR 093), slide-in panel (full width on mobile, 24rem
 * from md), active route highlighted, closes on every route change. A native modal <dialog>
 * traps focus and closes on Esc; the button's `command` attribute opens it even before
 * JavaScript has loaded.
 */
export function Navigation({ showAdmin }: { showAdmin: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  const t = useT()

  usePathChange(() => {
    if (dialog.current?.open) dialog.current.close()
  })

  const open = (e: React.MouseEvent) => {
    e.preventDefault()
    if (!dialog.current?.open) dialog.current?.showModal()
  }
  const close = () => dialog.current?.close()

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t('chrome:openMenu')}
        aria-haspopup="dialog"
        aria-controls={PANEL_ID}
        onClick={open}
        {...{ commandfor: PANEL_ID, command: 'show-modal' }}
        className="flex size-12 items-center justify-center rounded-full border border-line bg-surface/80 text-fg shadow-lg backdrop-blur transition hover:scale-105"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <dialog
        ref={dialog}
        id={PANEL_ID}
        aria-label={t('chrome:mainNav')}
        className="nav-panel border-l border-line bg-surface p-0 text-fg"
        onClose={() => button.current?.focus()}
      >
        <div className="flex h-full flex-col p-6 md:p-8">
          <div className="flex items-center justify-between">
            <p className="eyebrow">{t('chrome:navigation')}</p>
            <button
              type="button"
              aria-label={t('chrome:closeMenu')}
              onClick={close}
              {...{ commandfor: PANEL_ID, command: 'close' }}
              className="flex size-11 items-center justify-center rounded-full border border-line text-fg hover:bg-raised"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <nav aria-label={t('chrome:mainNav')} className="mt-10 flex-1">
            <ul className="flex flex-col gap-2">
              {NAV_ITEMS.filter((item) => showAdmin || item.to !== '/admin').map((item, index) => {
                const active = isActivePath(pathname, item.to)
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={active ? 'page' : undefined}
                      onClick={close}
                      className={`group flex items-baseline gap-4 rounded-xl px-4 py-3 font-display text-2xl transition ${
                        active ? 'bg-primary text-on-primary shadow-lg' : 'text-fg hover:bg-raised'
                      }`}
                    >
                      <span
                        aria-hidden="true"
                        className={`text-xs tabular-nums ${active ? 'text-on-primary' : 'text-muted'}`}
                      >
                        {String(index + 1).padStart(2, '0')}
                      </span>
                      {t(item.label)}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  )
}
