// The Better Auth instance (ADR 037): the only application module that imports Better Auth,
// loaded on first need through getAuth() in auth.server.ts (never imported statically:
// app/server/core/lazy-imports.server.test.ts). Options and hooks: see auth.server.ts's header.
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { APIError } from 'better-auth/api'
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth'
import type { Kysely } from 'kysely'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { PASSWORD_MIN_LENGTH, PROVIDER_LABELS } from '#app/domain/auth.ts'
import type { UserRole, UserStatus } from '#app/domain/types.ts'
import type { Database } from '../db/schema.server.ts'
import { nowIso } from '../db/util.server.ts'
import { betterAuthDatabase, betterAuthValidatesSchema } from '../db/dialect.server.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { log } from '../core/log.server.ts'
import {
  isMailConfigured,
  queueAccountLinked,
  queueEmailVerification,
} from '../mail/mail.server.ts'
import { countActiveAdmins } from '../repositories/users.server.ts'
import { PASSWORD_RESET_OPTIONS, VERIFICATION_STORAGE } from './reset-email.server.ts'
import {
  ACCOUNT_DISABLED_CODE,
  isAdminEmail,
  isSocialProviderId,
  type SocialProvider,
  type AuthConfig,
} from './auth.server.ts'

/**
 * ADMIN_EMAIL bootstraps the first admin only (ADR 010): once an active admin exists it
 * grants nothing. Before that it grants only to a proven address (ADR 082): `proven` says
 * whether this sign-in proves it.
 */
async function grantsBootstrapAdmin(
  db: Kysely<Database>,
  email: string,
  adminEmail: string | undefined,
  proven: boolean,
): Promise<boolean> {
  return proven && isAdminEmail(email, adminEmail) && (await countActiveAdmins(db)) === 0
}

/** The Better Auth endpoint a hook runs for, if any (`/sign-up/email`, `/callback/:id`…). */
interface HookContext {
  path?: string
  params?: Record<string, unknown>
}
const asHookContext = (context: unknown): HookContext =>
  context && typeof context === 'object' ? (context as HookContext) : {}

/** Our password forms call these two endpoints (ADR 082). */
const PASSWORD_PATHS = new Set(['/sign-up/email', '/sign-in/email'])

/**
 * Whether ADMIN_EMAIL may trust this request's claim to the address (ADR 082). Facebook never
 * (ADR 014: the Graph API proves nothing). Google or a link from our e-mail: `verified`. A
 * password alone proves nothing, except on a site that sends no e-mail, where no proof can be
 * had and the operator who set ADMIN_EMAIL chose to race for the address (README).
 */
function bootstrapProof(context: unknown, verified: boolean): boolean {
  const { path, params } = asHookContext(context)
  // The callback is /callback/:id (genericOAuth's own is /oauth2/callback/:providerId).
  if (params?.id === 'facebook' || params?.providerId === 'facebook') return false
  if (verified) return true
  return !!path && PASSWORD_PATHS.has(path) && !isMailConfigured()
}

/** How long an e-mail verification link works (the e-mail says it). */
const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60

function accountDisabled(): APIError {
  return new APIError('FORBIDDEN', {
    code: ACCOUNT_DISABLED_CODE,
    message: 'Account disabled or blocked',
  })
}

/** Facebook's Graph API nests the picture: { picture: { data: { url } } }. */
function facebookPicture(profile: Record<string, unknown>): string | undefined {
  const picture = profile.picture
  if (typeof picture === 'string') return picture
  if (picture && typeof picture === 'object') {
    const data = (picture as { data?: { url?: unknown } }).data
    if (data && typeof data.url === 'string') return data.url
  }
  return undefined
}

function socialProviders(config: AuthConfig): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = []
  if (config.google) {
    providers.push({
      providerId: 'google',
      name: 'Google',
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      discoveryUrl: config.google.discoveryUrl,
      scopes: ['openid', 'email', 'profile'],
    })
  }
  if (config.facebook) {
    providers.push({
      providerId: 'facebook',
      name: 'Facebook',
      clientId: config.facebook.clientId,
      clientSecret: config.facebook.clientSecret,
      authorizationUrl: config.facebook.authorizationUrl,
      tokenUrl: config.facebook.tokenUrl,
      userInfoUrl: config.facebook.userInfoUrl,
      scopes: ['email', 'public_profile'],
      // ADR 014: the Graph API states no verification of the address it returns, so a
      // Facebook address is never taken as proven (no link into an existing account).
      mapProfileToUser: (profile) => {
        const image = facebookPicture(profile)
        return image ? { image, emailVerified: false } : { emailVerified: false }
      },
    })
  }
  return providers
}

export function createAuth(config: AuthConfig) {
  const { db } = config
  /** Requests (Better Auth endpoint contexts) that are creating a user. */
  const registering = new WeakSet<object>()
  const secure = config.baseURL.startsWith('https://')
  const options = {
    appName: 'Vitrine',
    baseURL: config.baseURL,
    basePath: '/api/auth',
    secret: config.secret,
    database: betterAuthDatabase(db),
    trustedOrigins: [config.baseURL],
    emailAndPassword: {
      enabled: true,
      // 'minimum 6 caractères' as the form says; 128 bounds the hashing cost (abuse resistance).
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: MAX_LENGTH.password,
      autoSignIn: true,
      // 'Code oublié ?' (ADR 019).
      ...PASSWORD_RESET_OPTIONS,
    },
    verification: VERIFICATION_STORAGE,
    // ADR 018 amendment, ADR 082: the link goes through the outbox; our /register action asks
    // for it after a sign-up when e-mail is configured, /compte and /cv send it again.
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await queueEmailVerification(user, url, EMAIL_VERIFICATION_TTL_SECONDS * 1000)
      },
      // The address is now proven: ADMIN_EMAIL may make it the first admin (ADR 082).
      afterEmailVerification: async (user) => {
        // A blocked or inactive account gets nothing (as at sign-in).
        const status = (user as { status?: unknown }).status
        if (status !== undefined && status !== 'active') return
        if (await grantsBootstrapAdmin(db, user.email, config.adminEmail, true)) {
          await db
            .updateTable('user')
            .set({ role: 'admin', updatedAt: nowIso() })
            .where('id', '=', user.id)
            .execute()
          log.info('Premier administrateur : adresse ADMIN_EMAIL confirmée', { userId: user.id })
        }
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'viewer', input: false },
        status: { type: 'string', required: false, defaultValue: 'active', input: false },
        lastLogin: { type: 'date', required: false, input: false },
      },
    },
    session: {
      // Database sessions: a status change is seen on the next request (no cookie cache).
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      accountLinking: {
        enabled: true,
        // An e-mail already known (password account or a user created by an admin) signs in
        // with Google as the same user, keeping its role, only when the provider
        // says it verified the address (ADR 014): neither provider is trusted by name, so
        // Better Auth links only on `emailVerified` (Google's `email_verified` claim;
        // Facebook's is always false, above). The local password stays; the address is told.
        trustedProviders: ['email-password'],
        requireLocalEmailVerified: false,
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/sign-in/social': { window: 60, max: 30 },
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // Set by server/middleware.ts from the socket (never from the client).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // ADR 028: its schema check reads sqlite_master, absent from PostgreSQL.
      ...(betterAuthValidatesSchema(db) ? {} : { database: { validateSchema: false } }),
    },
    databaseHooks: {
      user: {
        create: {
          // New registrations are viewer/active; ADMIN_EMAIL becomes admin while
          // the site has no active admin (ADR 010), on a proven address only (ADR 082).
          before: async (user, context) => {
            // A social account created in this same request belongs to a new user, not a
            // link into an existing one (no e-mail for it below).
            if (context) registering.add(context)
            const proven = bootstrapProof(context, !!user.emailVerified)
            const role: UserRole = (await grantsBootstrapAdmin(
              db,
              user.email,
              config.adminEmail,
              proven,
            ))
              ? 'admin'
              : 'viewer'
            const status: UserStatus = 'active'
            return { data: { ...user, role, status } }
          },
        },
      },
      session: {
        create: {
          // Inactive or blocked users get no session (the social callback turns the error
          // code into the French message); every sign-in stamps lastLogin.
          before: async (session, context) => {
            const user = await db
              .selectFrom('user')
              .select(['id', 'email', 'emailVerified', 'role', 'status'])
              .where('id', '=', session.userId)
              .executeTakeFirst()
            if (!user) return false
            if (user.status !== 'active') throw accountDisabled()
            const patch: { lastLogin: string; role?: string } = { lastLogin: nowIso() }
            if (
              user.role !== 'admin' &&
              (await grantsBootstrapAdmin(
                db,
                user.email,
                config.adminEmail,
                bootstrapProof(context, !!user.emailVerified),
              ))
            ) {
              patch.role = 'admin'
            }
            await db.updateTable('user').set(patch).where('id', '=', user.id).execute()
            return
          },
        },
      },
      account: {
        create: {
          // A blocked or inactive user gets no new Google/Facebook link either.
          before: async (account) => {
            if (!isSocialProviderId(account.providerId)) return
            const user = await db
              .selectFrom('user')
              .select(['status'])
              .where('id', '=', account.userId)
              .executeTakeFirst()
            if (user && user.status !== 'active') throw accountDisabled()
            return
          },
          // ADR 014: a link into an existing account keeps its password and tells its
          // address, which may belong to someone other than whoever set that password.
          after: async (account, context) => {
            if (!isSocialProviderId(account.providerId)) return
            if (context && registering.has(context)) return
            const user = await db
              .selectFrom('user')
              .select(['name', 'email'])
              .where('id', '=', account.userId)
              .executeTakeFirst()
            if (!user) return
            await queueAccountLinked(
              db,
              user,
              PROVIDER_LABELS[account.providerId as SocialProvider],
            )
            log.info('Connexion Google/Facebook associée à un compte existant', {
              userId: account.userId,
              provider: account.providerId,
            })
          },
        },
      },
    },
    plugins: [genericOAuth({ config: socialProviders(config) })],
    logger: {
      level: 'error',
      // Only errors: warnings such as "User not found" on every failed sign-in are noise.
      log: (level, message) => {
        if (level === 'error') log.error(`auth: ${message}`)
      },
    },
  } satisfies BetterAuthOptions
  return betterAuth(options)
}

export type Auth = ReturnType<typeof createAuth>
