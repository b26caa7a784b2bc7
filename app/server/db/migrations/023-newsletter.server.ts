import type { Kysely } from 'kysely'

// The newsletter (ADR 085). A subscriber keeps the proof of consent (when, from which page,
// which sentence, the client address truncated as the activity log does) and only hashes of
// its tokens. An issue is one (post, language) that went out: its primary key makes "sent once
// per post and language" a constraint, not a hope. One send row per (post, language,
// subscriber), under a unique key, is what a restart after a crash resumes from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('consentAt', 'text', (c) => c.notNull())
    .addColumn('consentPage', 'text')
    .addColumn('consentText', 'text')
    .addColumn('consentIp', 'text')
    .addColumn('confirmTokenHash', 'text', (c) => c.unique())
    .addColumn('confirmExpiresAt', 'text')
    .addColumn('confirmSentAt', 'text')
    .addColumn('unsubscribeSalt', 'text', (c) => c.notNull())
    .addColumn('unsubscribeTokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('confirmedAt', 'text')
    .addColumn('unsubscribedAt', 'text')
    .addColumn('rejectedReason', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('newsletter_subscribers_status_locale')
    .on('newsletter_subscribers')
    .columns(['status', 'locale'])
    .execute()
  await db.schema
    .createTable('newsletter_issues')
    .addColumn('postId', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_issues_pk', ['postId', 'locale'])
    .execute()
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('postId', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subscriberId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leaseUntil', 'text')
    .addColumn('lastError', 'text')
    .addColumn('sentAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('newsletter_sends_once', ['postId', 'locale', 'subscriberId'])
    .execute()
  await db.schema
    .createIndex('newsletter_sends_status')
    .on('newsletter_sends')
    .columns(['status', 'createdAt'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_sends').ifExists().execute()
  await db.schema.dropTable('newsletter_issues').ifExists().execute()
  await db.schema.dropTable('newsletter_subscribers').ifExists().execute()
}
