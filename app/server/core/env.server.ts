// Environment parsed once, with defaults that make a fresh-clone start work.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy } from '../http/proxy-trust.server.ts'

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
      error: 'attendu : true ou false (ou 1/0, yes/no)',
    })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)))

/** A blank value is no value: the default applies (`PORT=` is not port 0). */
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** A number of megabytes above 0 (upload limits, the page cache's bound). */
const megabytes = (fallback: number) =>
  z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'un nombre de mégaoctets est attendu' })
      .positive({ error: 'doit être un nombre de mégaoctets supérieur à 0' })
      .default(fallback),
  )

/** An absolute http(s) address. */
const httpUrl = (example: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
      } catch {
        return false
      }
    },
    { error: `doit être une adresse http(s) complète (ex. : ${example})` },
  )

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))

export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'attendu : production, development ou test',
    })
    .default('production'),
  PORT: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'un numéro de port est attendu' })
      .int({ error: 'un numéro de port est attendu' })
      .min(0, { error: 'un port va de 0 à 65535' })
      .max(65535, { error: 'un port va de 0 à 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(blankIsUnset, z.string().default('0.0.0.0')),
  /** The production build (npm start): its server bundle and its client files. */
  BUILD_DIR: z.preprocess(blankIsUnset, z.string().default('build')),
  /** Where the database, the auth secret and backups live. */
  DATA_DIR: z.string().default('./data'),
  /**
   * Root of the uploaded files: `media/` (public library) and `private/` (the CV) under it.
   * Several app servers point it at one shared directory (ADR 033). Default: DATA_DIR.
   */
  MEDIA_DIR: optionalText,
  /**
   * Media in an S3-compatible bucket instead of MEDIA_DIR (ADR 068): set S3_BUCKET to turn it
   * on. S3_ENDPOINT for any service but AWS; S3_FORCE_PATH_STYLE for most of them (MinIO,
   * Ceph, SeaweedFS); S3_PUBLIC_URL when the bucket's `media/` prefix is public or behind a CDN.
   */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'un nom de compartiment S3 est attendu (minuscules, chiffres, points et tirets)',
      })
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(httpUrl('https://s3.fr-par.scw.cloud').optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_PUBLIC_URL: optionalText.pipe(httpUrl('https://medias.exemple.fr').optional()),
  /** PostgreSQL instead of SQLite in DATA_DIR (ADR 028): postgres://user:pass@host:5432/db */
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//i.test(v), {
    message: 'doit commencer par postgres:// (laisser vide pour SQLite dans DATA_DIR)',
  }),
  /** Load French demo content into an empty database. */
  DEMO_CONTENT: bool(true),
  /** Public origin of the site, used for auth callbacks, canonical URLs and feeds. */
  PUBLIC_URL: optionalText.pipe(httpUrl('https://portfolio.exemple.fr').optional()),
  /** Redirect http to https (ADR 024's middleware reads it); false for a plain-http LAN. */
  FORCE_HTTPS: bool(true),
  /** The page cache (ADRs 026, 029) and its bound. */
  PAGE_CACHE: bool(true),
  PAGE_CACHE_MAX_MB: megabytes(16),
  /** A sandbox-preview host on which the https/www redirects are skipped. */
  PREVIEW_HOST: optionalText,
  /** Reverse proxies whose X-Forwarded-* headers count: false, true (one), hops, addresses. */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustProxy(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
      }
    })
    .transform(parseTrustProxy),
  /**
   * Secret for sessions. When absent: generated once into DATA_DIR/auth-secret (SQLite), or
   * once into the database's shared_secret table, the same for every app server (PostgreSQL,
   * ADR 033; filled in at start-up by resolveAuthSecret).
   */
  BETTER_AUTH_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, { error: 'au moins 32 caractères (ex. : openssl rand -base64 32)' })
      .optional(),
  ),
  /** The account that registers or signs in with this e-mail becomes admin. */
  ADMIN_EMAIL: optionalText.pipe(
    z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'une adresse e-mail est attendue' })
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: httpUrl(
    'https://accounts.google.com/.well-known/openid-configuration',
  ).default('https://accounts.google.com/.well-known/openid-configuration'),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_AUTHORIZATION_URL: httpUrl('https://www.facebook.com/v19.0/dialog/oauth').default(
    'https://www.facebook.com/v19.0/dialog/oauth',
  ),
  FACEBOOK_TOKEN_URL: httpUrl('https://graph.facebook.com/v19.0/oauth/access_token').default(
    'https://graph.facebook.com/v19.0/oauth/access_token',
  ),
  FACEBOOK_USERINFO_URL: httpUrl('https://graph.facebook.com/me').default(
    'https://graph.facebook.com/me?fields=id,name,email,picture',
  ),
  /**
   * Let a project's live-preview check (ADR 053) connect to non-public addresses:
   * loopback, private networks, link-local. Off by default: any visitor's page view makes
   * the server ask the project's site (ADR 053). For an intranet site, and the browser tests.
   */
  PREVIEW_PRIVATE_ADDRESSES: bool(false),
  /** Optional geolocation endpoint for the activity log; off unless set. */
  GEO_LOOKUP_URL: optionalText.pipe(httpUrl('https://geo.exemple.fr/{ip}').optional()),
  /** Activity entries older than this many days are purged (GDPR). */
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Sent or failed e-mails older than this many days are deleted from the outbox (ADR 054). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Statistics events the site takes per minute (per app server), whatever their addresses;
   * past it, events are answered 204 but not stored, and the dashboard says how many (ADR 084).
   */
  STATS_INGEST_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * New paths, referrers and UTM values the statistics learn per hour (per app server); past
   * it, a new value is stored as « (autre) » (ADR 084).
   */
  STATS_NEW_VALUES_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  /** Store full client addresses in the activity log instead of truncated ones. */
  ACTIVITY_FULL_IP: bool(false),
  /** Upload size limits in megabytes (ADR 017). */
  MEDIA_MAX_IMAGE_MB: megabytes(20),
  MEDIA_MAX_VIDEO_MB: megabytes(200),
  MEDIA_MAX_PDF_MB: megabytes(10),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error', 'silent'], {
      error: 'attendu : debug, info, warn, error ou silent',
    })
    .default('info'),
  /** Outgoing e-mail (ADR 019): smtp:// (STARTTLS required) or smtps://, with credentials. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, {
        error: 'SMTP_URL doit commencer par smtp:// ou smtps:// (ex. : smtps://user:pass@hote:465)',
      })
      .optional(),
  ),
  /** Sender address of every e-mail: "adresse@domaine" or "Nom <adresse@domaine>". */
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
        error: 'MAIL_FROM doit être une adresse (ex. : Mon site <contact@exemple.fr>)',
      })
      .optional(),
  ),
})

export type Env = z.infer<typeof EnvSchema> & {
  BETTER_AUTH_SECRET: string
  PUBLIC_URL: string
  MEDIA_DIR: string
}

let cached: Env | undefined
const fields = new Map<string, unknown>()

type Field = keyof typeof EnvSchema.shape

/**
 * One variable through its field of the schema, parsed once: for modules that need a single
 * value (the logger, the activity log) and must not run `getEnv`'s side effects. A value the
 * schema refuses stops the start-up (`getEnv`); here it reads as the field's default.
 */
export function envField<K extends Field>(key: K): z.output<(typeof EnvSchema.shape)[K]> {
  if (!fields.has(key)) {
    const field = EnvSchema.shape[key]
    const parsed = field.safeParse(process.env[key])
    fields.set(key, parsed.success ? parsed.data : field.safeParse(undefined).data)
  }
  return fields.get(key) as z.output<(typeof EnvSchema.shape)[K]>
}

/** Forgets what was parsed (tests that change a variable). */
export function forgetParsedEnv(): void {
  cached = undefined
  fields.clear()
}

export class StartupError extends Error {}

/** What the schema refuses, as one French start-up message. */
function invalid(error: z.ZodError): StartupError {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
  return new StartupError(`Configuration invalide :\n${lines.join('\n')}`)
}

/**
 * The variables the Express layer needs before the app starts (server/index.ts): fields of
 * the same schema, parsed once there, without `getEnv`'s side effects (the secret file).
 */
export const ServerEnvSchema = EnvSchema.pick({
  NODE_ENV: true,
  PORT: true,
  HOST: true,
  BUILD_DIR: true,
  TRUST_PROXY: true,
  FORCE_HTTPS: true,
  PREVIEW_HOST: true,
  PAGE_CACHE: true,
  PAGE_CACHE_MAX_MB: true,
  LOG_LEVEL: true,
})

export type ServerEnv = z.infer<typeof ServerEnvSchema>

/** Parses the Express layer's variables; a StartupError (in French) when one is invalid. */
export function parseServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = ServerEnvSchema.safeParse(source)
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/** Parse the environment once; tests may pass their own source. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) throw invalid(parsed.error)
  const env = parsed.data
  const s3Problems = s3Refusals(env)
  if (s3Problems.length > 0) {
    throw new StartupError(`Configuration invalide :\n${s3Problems.join('\n')}`)
  }
  const dataDir = path.resolve(env.DATA_DIR)
  const result: Env = {
    ...env,
    DATA_DIR: dataDir,
    MEDIA_DIR: path.resolve(env.MEDIA_DIR ?? dataDir),
    BETTER_AUTH_SECRET:
      env.BETTER_AUTH_SECRET ?? (env.DATABASE_URL ? '' : readOrCreateSecret(dataDir)),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }
  if (source === process.env) cached = result
  return result
}

/** What the S3 variables cannot be together (each one alone is checked by the schema). */
function s3Refusals(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = []
  const others = (
    [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
    ] as const
  ).filter((name) => env[name] !== undefined)
  if (!env.S3_BUCKET && others.length > 0) {
    problems.push(
      `  S3_BUCKET: à définir pour stocker les médias dans un compartiment S3 (${others.join(', ')} ${others.length > 1 ? 'sont définies' : 'est définie'}), ou retirez les variables S3_`,
    )
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "  S3_SECRET_ACCESS_KEY: la clé d'accès S3 va par paire : définissez S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY, ou aucune des deux",
    )
  }
  return problems
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  try {
    mkdirSync(dataDir, { recursive: true })
    if (existsSync(file)) {
      const secret = readFileSync(file, 'utf8').trim()
      if (secret.length >= 32) return secret
    }
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, secret + '\n', { mode: 0o600 })
    return secret
  } catch (error) {
    throw new StartupError(
      `Le dossier de données « ${dataDir} » est inaccessible en écriture (${(error as Error).message}).`,
    )
  }
}
