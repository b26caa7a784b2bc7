import { sql, type Kysely } from 'kysely'

// ADR 092, portable SQL (ADR 028).
// Autosaves of posts: a revision row of kind 'autosave' beside the saved ones ('save'), at
// most one per post, language and author (the partial unique index, which the autosave's
// upsert names as its conflict target).
// A project's period: month and year of start and, when it ended, of end, as 'YYYY-MM'
// ('' = none). Existing projects start the month they were typed in, the only date they had;
// the owner corrects it in the form.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_revisions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('save'))
    .execute()
  await db.schema
    .createIndex('blog_revisions_one_autosave')
    .on('blog_revisions')
    .columns(['postId', 'locale', 'authorId'])
    .unique()
    .where(sql.ref('kind'), '=', 'autosave')
    .execute()
  await db.schema
    .alterTable('projects')
    .addColumn('startDate', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('projects')
    .addColumn('endDate', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`UPDATE projects SET "startDate" = substr("createdAt", 1, 7) WHERE "startDate" = ''`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('endDate').execute()
  await db.schema.alterTable('projects').dropColumn('startDate').execute()
  await db.schema.dropIndex('blog_revisions_one_autosave').ifExists().execute()
  await db.schema.alterTable('blog_revisions').dropColumn('kind').execute()
}
