// The one user-agent parser (ADR 080): bowser (MIT) names the browser, the system and the kind
// of device for the activity log, the audience statistics and the list of open sessions, so
// the three agree on what "Microsoft Edge" or "Chrome OS" is called.
import Bowser from 'bowser'
import { deviceLabel } from '#app/domain/two-factor.ts'

export interface UserAgent {
  /** Bowser's name ("Chrome", "Microsoft Edge"…), null when it cannot tell. */
  browser: string | null
  /** The browser's major version ("126"), null when unknown. */
  major: string | null
  /** Bowser's system name ("Windows", "macOS", "iOS", "Chrome OS"…), null when unknown. */
  os: string | null
  platform: 'desktop' | 'mobile' | 'tablet' | 'tv' | null
}

const NOTHING: UserAgent = { browser: null, major: null, os: null, platform: null }
const PLATFORMS = new Set(['desktop', 'mobile', 'tablet', 'tv'])

/** Parses the first 512 characters of a User-Agent header; never throws. */
export function parseUserAgent(header: string | null | undefined): UserAgent {
  const text = (header ?? '').slice(0, 512)
  if (!text.trim()) return NOTHING
  try {
    const result = Bowser.parse(text)
    const platform = result.platform.type ?? ''
    return {
      browser: result.browser.name?.trim().slice(0, 60) || null,
      major: /^\d+/.exec(result.browser.version ?? '')?.[0] ?? null,
      os: result.os.name?.trim().slice(0, 60) || null,
      platform: PLATFORMS.has(platform) ? (platform as UserAgent['platform']) : null,
    }
  } catch {
    return NOTHING
  }
}

/** 'Firefox sur Windows', 'Chrome sur Android'… for the list of open sessions (ADR 025). */
export function describeDevice(header: string | null | undefined): string {
  const { browser, os } = parseUserAgent(header)
  return deviceLabel(browser, os)
}
