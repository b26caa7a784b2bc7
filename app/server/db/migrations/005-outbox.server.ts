import type { Kysely } from 'kysely'

// The e-mail outbox (ADR 019): every e-mail is a row written in the transaction of the action
// that causes it, then sent by the worker. `messageId` is the stable RFC 5322 Message-ID (a
// re-send after a crash carries the same one); `leaseUntil` lets one worker claim a row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('messageId', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('toAddress', 'text', (c) => c.notNull())
    .addColumn('toName', 'text')
    .addColumn('replyTo', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('leaseUntil', 'text')
    .addColumn('lastError', 'text')
    .addColumn('sentAt', 'text')
    .addColumn('expiresAt', 'text')
    .addColumn('relatedMessageId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['status', 'nextAttemptAt'])
    .execute()
  await db.schema.createIndex('outbox_related').on('outbox').columns(['relatedMessageId']).execute()
  await db.schema
    .createIndex('outbox_kind_created')
    .on('outbox')
    .columns(['kind', 'createdAt'])
    .execute()
  await db.schema.createIndex('outbox_created').on('outbox').columns(['createdAt']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute()
}
