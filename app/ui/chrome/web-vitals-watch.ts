// Core Web Vitals of the page load (ADR 096), with Google's `web-vitals`: loaded as its own
// chunk once the statistics script knows it may measure, so the public entry stays small.
// Every change is kept (reportAllChanges) and nothing is sent here: the statistics script sends
// the page load's last values once, when the page is hidden or left (one request per page load,
// never one per metric).
import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals'

export type VitalsMeasures = Partial<Record<'lcp' | 'inp' | 'cls' | 'ttfb', number>>

/** Starts measuring; returns the values so far (empty until the browser reports one). */
export function watchVitals(): () => VitalsMeasures {
  const measures: VitalsMeasures = {}
  const all = { reportAllChanges: true }
  onLCP((m) => (measures.lcp = Math.round(m.value)), all)
  onINP((m) => (measures.inp = Math.round(m.value)), all)
  onCLS((m) => (measures.cls = Math.round(m.value * 1000) / 1000), all)
  onTTFB((m) => (measures.ttfb = Math.round(m.value)), all)
  return () => measures
}
