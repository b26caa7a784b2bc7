// The site's time zone for the statistics (ADR 095): days, hours, periods and rollups are the
// owner's wall clock, not UTC. A time is bucketed by its local wall-clock seconds ("local
// seconds": the Unix seconds the same calendar date and time would have in UTC), so every
// bucket sum stays integer arithmetic on multiples of 86,400 and 3,600, and the labels read
// with getUTC*. The zone's offsets come from Intl (ICU): the formatter is built on the first
// conversion (ADR 041), which a process without statistics work never makes.

/** A time zone as the statistics use it. */
export interface Zone {
  name: string
  /** Local wall-clock seconds of a Unix time in seconds. */
  local(t: number): number
  /** The Unix time of a local wall-clock time (the earlier one when a time repeats). */
  utc(local: number): number
}

export const UTC_ZONE: Zone = { name: 'UTC', local: (t) => t, utc: (l) => l }

/** Whether Intl knows the IANA name (checked when the owner saves it, not on each read). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** Offsets change on quarter-hour boundaries at most: one Intl call per quarter hour seen. */
const SLOT_S = 900

function makeZone(name: string): Zone {
  let formatter: Intl.DateTimeFormat | undefined
  const offsets = new Map<number, number>()
  const offsetAt = (t: number): number => {
    const slot = Math.floor(t / SLOT_S)
    let offset = offsets.get(slot)
    if (offset === undefined) {
      formatter ??= new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
      const parts: Record<string, number> = {}
      for (const p of formatter.formatToParts(new Date(slot * SLOT_S * 1000)))
        if (p.type !== 'literal') parts[p.type] = Number(p.value)
      const wall =
        Date.UTC(
          parts.year!,
          parts.month! - 1,
          parts.day!,
          parts.hour! % 24,
          parts.minute!,
          parts.second!,
        ) / 1000
      offset = wall - slot * SLOT_S
      if (offsets.size > 50_000) offsets.clear()
      offsets.set(slot, offset)
    }
    return offset
  }
  return {
    name,
    local: (t) => t + offsetAt(t),
    utc(local) {
      // Two steps settle on the offset in force at the result (DST edges included).
      const guess = local - offsetAt(local)
      const second = local - offsetAt(guess)
      return second + offsetAt(second) === local ? second : guess
    },
  }
}

const zones = new Map<string, Zone>()

/** The zone of an IANA name; UTC for an unknown one (a stored value is checked at saving). */
export function zoneOf(name: string): Zone {
  if (name === 'UTC' || name === 'Etc/UTC') return UTC_ZONE
  let zone = zones.get(name)
  if (!zone) {
    zone = isTimeZone(name) ? makeZone(name) : UTC_ZONE
    zones.set(name, zone)
  }
  return zone
}
