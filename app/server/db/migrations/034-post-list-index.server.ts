import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'
import { POST_SEARCH_KEYS, POST_SEARCH_TABLE } from '../search.server.ts'

// Public lists of posts read one page in SQL (ADR 100).
//
// 1. An index in the lists' order (newest publication first, then id) that also holds what
//    their filters test (status, category; tags on SQLite) and the admin's default sort
//    (createdAt): a page reads its 24 rows through
//    it and stops, and a count never opens the wide rows (a post's text sits before its
//    category and tags in the row). PostgreSQL leaves the tags out: a B-tree entry has a size
//    limit that a long tag list could pass.
// 2. SQLite: a narrow table of keys pairs each full-text row (its rowid, stable: an INTEGER
//    PRIMARY KEY of the FTS5 shadow tables) with the post's id. A search then reads matching
//    rowids from the index alone and their ids from this table, instead of opening each
//    match's stored copy of the text; the triggers find a post's row by key, not by scanning.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createIndex('blog_posts_public_list')
    .on('blog_posts')
    .columns([
      'publishedAt desc',
      'id',
      'status',
      'category',
      'createdAt',
      ...(postgres ? [] : ['tags']),
    ])
    .execute()
  // The admin list sorted by title.
  await db.schema
    .createIndex('blog_posts_title')
    .on('blog_posts')
    .columns(['title', 'id'])
    .execute()
  if (postgres) return

  const fts = sql.id(POST_SEARCH_TABLE)
  const keys = sql.id(POST_SEARCH_KEYS)
  for (const trigger of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.id(`blog_posts_search_${trigger}`)}`.execute(db)
  await sql`create table ${keys} (k integer primary key, id text not null unique)`.execute(db)
  await sql`insert into ${keys} (k, id) select rowid, id from ${fts}`.execute(db)
  const keyOf = (row: 'new' | 'old') => sql`(select k from ${keys} where id = ${sql.raw(row)}.id)`
  const insertRow = sql`insert into ${fts} (rowid, id, title, excerpt, content)
      values (${keyOf('new')}, new.id, new.title, new.excerpt, new.content);`
  await sql`create trigger blog_posts_search_insert after insert on blog_posts begin
    insert into ${keys} (id) values (new.id);
    ${insertRow}
  end`.execute(db)
  await sql`create trigger blog_posts_search_update
    after update of id, title, excerpt, content on blog_posts begin
    delete from ${fts} where rowid = ${keyOf('old')};
    update ${keys} set id = new.id where id = old.id;
    ${insertRow}
  end`.execute(db)
  await sql`create trigger blog_posts_search_delete after delete on blog_posts begin
    delete from ${fts} where rowid = ${keyOf('old')};
    delete from ${keys} where id = old.id;
  end`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_posts_public_list').ifExists().execute()
  await db.schema.dropIndex('blog_posts_title').ifExists().execute()
  if (dialectOf(db) === 'postgres') return
  const fts = sql.id(POST_SEARCH_TABLE)
  for (const trigger of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.id(`blog_posts_search_${trigger}`)}`.execute(db)
  await sql`drop table if exists ${sql.id(POST_SEARCH_KEYS)}`.execute(db)
  // Migration 025's triggers.
  await sql`create trigger blog_posts_search_insert after insert on blog_posts begin
    insert into ${fts} (id, title, excerpt, content)
      values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db)
  await sql`create trigger blog_posts_search_update
    after update of id, title, excerpt, content on blog_posts begin
    delete from ${fts} where id = old.id;
    insert into ${fts} (id, title, excerpt, content)
      values (new.id, new.title, new.excerpt, new.content);
  end`.execute(db)
  await sql`create trigger blog_posts_search_delete after delete on blog_posts begin
    delete from ${fts} where id = old.id;
  end`.execute(db)
}
