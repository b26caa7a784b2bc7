// Sends the browser-only visitor information (language, screen resolution, timezone,
// referrer) to /api/activity after each admin navigation, so the server can enrich the
// activity entries the loader or action of that navigation just wrote (their UserInfo).
import { useEffect } from 'react'
import { useLocation } from 'react-router'

export const ACTIVITY_BEACON_URL = '/api/activity'

export function collectVisitorInfo(): Record<string, string> {
  return {
    language: navigator.language,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    referrer: document.referrer,
  }
}

export function ActivityBeacon() {
  const location = useLocation()
  useEffect(() => {
    const body = new URLSearchParams(collectVisitorInfo())
    fetch(ACTIVITY_BEACON_URL, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
    })
      // Best effort: a lost beacon only leaves these four fields 'Unknown'.
      .catch((error: unknown) => console.warn('Activity beacon failed', error))
  }, [location.key])
  return null
}
