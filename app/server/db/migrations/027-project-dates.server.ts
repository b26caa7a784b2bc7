import { sql, type Kysely } from 'kysely'

// A project's period (ADR 092): month and year of start and, when it ended, of end, as
// 'YYYY-MM' ('' = none). Existing projects start the month they were typed in, the only date
// they had; the owner corrects it in the form. Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
