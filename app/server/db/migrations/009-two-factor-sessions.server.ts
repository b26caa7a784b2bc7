import type { Kysely } from 'kysely'

// Two-factor sign-in and active sessions (ADR 025): the TOTP secret of a user
// (encrypted), their recovery codes (hashed, single use), per-session state (second factor
// proven, last use) and the site's security policy (one row, id 'main'). Portable SQL:
// text ids, ISO-8601 text timestamps, 0/1 integers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    // null while the user has not yet confirmed a first code (enrolment pending).
    .addColumn('enabledAt', 'text')
    // The last TOTP time step accepted: a code is never accepted twice.
    .addColumn('lastStep', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('recovery_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('recovery_code_user_hash')
    .on('recovery_code')
    .columns(['userId', 'codeHash'])
    .execute()

  await db.schema
    .createTable('session_state')
    .addColumn('sessionId', 'text', (c) =>
      c.primaryKey().references('session.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('secondFactorAt', 'text')
    .addColumn('lastSeenAt', 'text')
    .addColumn('lastIp', 'text')
    .execute()
  await db.schema.createIndex('session_state_user').on('session_state').column('userId').execute()

  await db.schema
    .createTable('security_policy')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requireAdminTwoFactor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('updatedBy', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['security_policy', 'session_state', 'recovery_code', 'two_factor']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
