// The privacy page's objection to the built-in statistics (ADR 072): one click sets a cookie
// that only says 'opt-out' (no identifier), read by the statistics script and the endpoint.
// The server's HTML is the same for everyone (cached pages): the state shows once hydrated.
import { useEffect, useState } from 'react'
import {
  STATS_OPT_OUT_COOKIE,
  STATS_OPT_OUT_MAX_AGE_S,
  STATS_OPT_OUT_VALUE,
  statsRefused,
} from '#app/domain/analytics-beacon.ts'
import { useT } from '#app/ui/i18n.tsx'

type State = 'counted' | 'opted-out' | 'browser'

function readState(): State {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  if (statsRefused(document.cookie, {})) return 'opted-out'
  return statsRefused('', nav) ? 'browser' : 'counted'
}

export function StatsOptOut() {
  const tr = useT()
  const [state, setState] = useState<State | null>(null)
  useEffect(() => setState(readState()), [])
  const set = (optOut: boolean) => {
    const secure = location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = optOut
      ? `${STATS_OPT_OUT_COOKIE}=${STATS_OPT_OUT_VALUE}; Max-Age=${STATS_OPT_OUT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
      : `${STATS_OPT_OUT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
    setState(readState())
  }
  return (
    <div className="card mt-8 space-y-3 p-5 text-base" data-stats-opt-out="">
      <p role="status" className="text-fg">
        {tr(
          state === 'opted-out'
            ? 'stats:optedOut'
            : state === 'browser'
              ? 'stats:browserRefuses'
              : 'stats:counted',
        )}
      </p>
      {state === 'opted-out' ? (
        <button type="button" className="btn btn-secondary" onClick={() => set(false)}>
          {tr('stats:countAgain')}
        </button>
      ) : state === 'browser' ? null : (
        <button type="button" className="btn btn-primary" onClick={() => set(true)}>
          {tr('stats:optOut')}
        </button>
      )}
    </div>
  )
}
