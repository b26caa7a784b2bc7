import { useEffect, useEffectEvent, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * Runs `onChange` when the path changes, never on mount: the server's page is usable before
 * its scripts have loaded, so a menu a visitor opened before hydration must stay open when
 * React takes the page over.
 */
export function usePathChange(onChange: () => void) {
  const { pathname } = useLocation()
  const last = useRef(pathname)
  const run = useEffectEvent(onChange)
  useEffect(() => {
    if (last.current === pathname) return
    last.current = pathname
    run()
  }, [pathname])
}
