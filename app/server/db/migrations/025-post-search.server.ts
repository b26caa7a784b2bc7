import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'
import { POST_SEARCH_CONFIG, POST_SEARCH_TABLE, postSearchVector } from '../search.server.ts'

// Full-text search of the posts (ADR 091), kept in step with every write by the database itself.
// SQLite: an FTS5 table (accents and case folded by its tokenizer) filled by triggers; it keeps
// the post's id as an unindexed column, never the rowid, which VACUUM may renumber.
// PostgreSQL: a GIN index over the posts' tsvector (a French configuration that also folds
// accents), an expression index: nothing to store or to sync, no column to copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    const unaccent = await sql<{ n: number }>`
      select count(*)::int as n from pg_available_extensions where name = 'unaccent'`.execute(db)
    await sql`create text search configuration ${sql.id(POST_SEARCH_CONFIG)} (copy = french)`.execute(
      db,
    )
    if ((unaccent.rows[0]?.n ?? 0) > 0) {
      await sql`create extension if not exists unaccent`.execute(db)
      await sql`alter text search configuration ${sql.id(POST_SEARCH_CONFIG)}
        alter mapping for hword, hword_part, word with unaccent, french_stem`.execute(db)
    }
    await sql`create index blog_posts_search on blog_posts using gin ((${postSearchVector()}))`.execute(
      db,
    )
    return
  }
  const table = sql.id(POST_SEARCH_TABLE)
  await sql`create virtual table ${table} using fts5(
    id unindexed, title, excerpt, content, tokenize = 'unicode61 remove_diacritics 2')`.execute(db)
  await sql`insert into ${table} (id, title, excerpt, content)
    select id, title, excerpt, content from blog_posts`.execute(db)
  await sql`create trigger blog_posts_search_insert after insert on blog_posts begin
    insert into ${table} (id, title, excerpt, content)
      values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db)
  await sql`create trigger blog_posts_search_update
    after update of id, title, excerpt, content on blog_posts begin
    delete from ${table} where id = old.id;
    insert into ${table} (id, title, excerpt, content)
      values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db)
  await sql`create trigger blog_posts_search_delete after delete on blog_posts begin
    delete from ${table} where id = old.id;
  end`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists blog_posts_search`.execute(db)
    await sql`drop text search configuration if exists ${sql.id(POST_SEARCH_CONFIG)}`.execute(db)
    return
  }
  for (const trigger of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.id(`blog_posts_search_${trigger}`)}`.execute(db)
  await sql`drop table if exists ${sql.id(POST_SEARCH_TABLE)}`.execute(db)
}
