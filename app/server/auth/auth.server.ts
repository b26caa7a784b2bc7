// Better Auth on our own database (ADR 011). Email and password,
// Google and Facebook declared through `genericOAuth` with endpoints from configuration so
// production and tests run the same code, sessions in the `session` table.
//
// ADR 037: this module is light. Better Auth itself (~12 MB and ~0.3 s to load) is in
// better-auth.server.ts, imported on first need by getAuth(): a request without a Better
// Auth cookie never needs it (session.server.ts), so an anonymous visit never loads it.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.server.ts'
import { getDb } from '../db/client.server.ts'
import { getEnv, type Env } from '../core/env.server.ts'
import type { Auth } from './better-auth.server.ts'

export type { Auth } from './better-auth.server.ts'

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export interface AuthConfig {
  db: Kysely<Database>
  secret: string
  baseURL: string
  adminEmail?: string
  google?: { clientId: string; clientSecret: string; discoveryUrl: string }
  facebook?: {
    clientId: string
    clientSecret: string
    authorizationUrl: string
    tokenUrl: string
    userInfoUrl: string
  }
}

export function authConfigFromEnv(env: Env, db: Kysely<Database>): AuthConfig {
  return {
    db,
    secret: env.BETTER_AUTH_SECRET,
    baseURL: env.PUBLIC_URL,
    adminEmail: env.ADMIN_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: env.FACEBOOK_CLIENT_ID,
            clientSecret: env.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: env.FACEBOOK_TOKEN_URL,
            userInfoUrl: env.FACEBOOK_USERINFO_URL,
          }
        : undefined,
  }
}

export function isAdminEmail(email: string, adminEmail: string | undefined): boolean {
  return !!adminEmail && email.trim().toLowerCase() === adminEmail.trim().toLowerCase()
}

/** Error code of a sign-in refused because the account is blocked or inactive. */
export const ACCOUNT_DISABLED_CODE = 'ACCOUNT_DISABLED'

export const isSocialProviderId = (providerId: string) =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(providerId)

let cached: { db: Kysely<Database>; auth: Promise<Auth> } | undefined

/** The process-wide Better Auth instance, bound to the current database (loaded on first use). */
export function getAuth(): Promise<Auth> {
  const db = getDb()
  if (!cached || cached.db !== db) {
    const config = authConfigFromEnv(getEnv(), db)
    const auth = import('./better-auth.server.ts').then(({ createAuth }) => createAuth(config))
    cached = { db, auth }
    // A failed load is retried by the next caller instead of being remembered.
    auth.catch(() => {
      if (cached?.auth === auth) cached = undefined
    })
  }
  return cached.auth
}

/**
 * Starts loading Better Auth without waiting (the sign-in and sign-up pages): the form's
 * submission then does not wait for the module. A failure here is retried by getAuth().
 */
export function preloadAuth(): void {
  try {
    getAuth().catch(() => undefined)
  } catch {
    // No database yet: the submission's own getAuth() reports it.
  }
}

/** Which social providers are configured (a missing one says so instead of a broken popup). */
export function configuredProviders(env: Env = getEnv()): Record<SocialProvider, boolean> {
  return {
    google: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebook: !!(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
  }
}

/** Contract name (docs/dev/contracts.md): the Better Auth instance, loaded on first use. */
export const auth = {
  handler: async (request: Request) => (await getAuth()).handler(request),
}
