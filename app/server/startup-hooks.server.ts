// Start-up steps after migration, in order. Each feature adds its own hook here.
import type { Env } from './env.server.ts'

export type StartupHook = (env: Env) => Promise<void> | void

export const STARTUP_HOOKS: StartupHook[] = []
