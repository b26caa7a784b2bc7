// The shared, read-only dashboard (ADR 096) renders the tab's components without what needs an
// admin: no CSV export links.
import { createContext } from 'react'

export const StatsReadOnly = createContext(false)
