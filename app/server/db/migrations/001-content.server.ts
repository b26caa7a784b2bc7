import { type Kysely, sql } from 'kysely'

// Content tables. Portable SQL: text ids, ISO text timestamps, JSON as text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text')
    .execute()
  await db.schema
    .createIndex('projects_order')
    .on('projects')
    .columns(['order', 'createdAt'])
    .execute()

  await db.schema
    .createTable('skills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#8b5cf6'))
    .execute()

  await db.schema
    .createTable('timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull())
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('type', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('readTime', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text')
    .execute()
  await db.schema.createIndex('blog_posts_created').on('blog_posts').column('createdAt').execute()

  await db.schema
    .createTable('creative_process')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text')
    .execute()
  await db.schema.createIndex('media_order').on('media').columns(['order', 'createdAt']).execute()

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .execute()
  await db.schema
    .createIndex('messages_created')
    .on('messages')
    .columns(['createdAt', 'id'])
    .execute()
  await db.schema
    .createIndex('messages_status_created')
    .on('messages')
    .columns(['status', 'createdAt', 'id'])
    .execute()

  await db.schema
    .createTable('activity_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resourceType', 'text', (c) => c.notNull())
    .addColumn('resourceId', 'text')
    .addColumn('resourceName', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('userInfo', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  for (const [name, cols] of [
    ['activity_time', ['timestamp', 'id']],
    ['activity_action_time', ['action', 'timestamp', 'id']],
    ['activity_resource_time', ['resourceType', 'timestamp', 'id']],
    ['activity_user_time', ['userId', 'timestamp', 'id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('activity_logs')
      .columns([...cols])
      .execute()
  }

  for (const table of ['profile', 'settings', 'cv']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updatedAt', 'text')
      .execute()
  }
  await sql`select 1`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'cv',
    'settings',
    'profile',
    'activity_logs',
    'messages',
    'media',
    'creative_process',
    'blog_posts',
    'timeline',
    'skills',
    'projects',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
