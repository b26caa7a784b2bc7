import type { Kysely } from 'kysely'

// Sending the newsletter (ADR 097). A plan is the owner's choice for one (post, language),
// « Envoyer aux abonnés » ticked or not, written when the post is saved before it is public in
// that language; the dispatcher turns a plan to send into an issue once the post is public.
// Send rows are counted per issue and status for the hub's progress line.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_plans')
    .addColumn('postId', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('send', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_plans_pk', ['postId', 'locale'])
    .execute()
  await db.schema
    .createIndex('newsletter_sends_issue_status')
    .on('newsletter_sends')
    .columns(['postId', 'locale', 'status'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_sends_issue_status').ifExists().execute()
  await db.schema.dropTable('newsletter_plans').ifExists().execute()
}
