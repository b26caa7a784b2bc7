import { describe, expect, it } from 'vitest'
import { fillSqliteTable, onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { expectDeletedOnce, queryPlan } from './repository-test-support.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import {
  archiveMessage,
  countMessagesByStatus,
  createMessage,
  deleteMessage,
  getMessage,
  listMessages,
  markMessageRead,
  replyToMessage,
} from './messages.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

const db = useTestDatabase()

const input = { name: 'Jeanne Martin', email: 'jeanne@exemple.fr', message: 'Bonjour !' }

async function setStatus(id: string, status: string) {
  await db.current.db.updateTable('messages').set({ status }).where('id', '=', id).execute()
}

describe('messages repository', () => {
  it('creates a message as new with a createdAt, and reads it back', async () => {
    const created = await createMessage({ ...input, website: '' })
    expect(created).toMatchObject({ ...input, status: 'new' })
    expect(Date.parse(created.createdAt)).not.toBeNaN()
    expect(created.reply).toBeUndefined()
    expect(await getMessage(created.id)).toEqual(created)
    expect(await getMessage('missing')).toBeUndefined()
  })

  it('refuses invalid input and the honeypot, writing nothing', async () => {
    await expect(createMessage({ ...input, email: 'pas-un-email' })).rejects.toMatchObject({
      fieldErrors: { email: 'Adresse e-mail invalide' },
    })
    await expect(createMessage({ ...input, message: '   ' })).rejects.toBeInstanceOf(
      ValidationError,
    )
    await expect(createMessage({ ...input, website: 'http://spam' })).rejects.toMatchObject({
      fieldErrors: { website: 'Ce champ doit rester vide' },
    })
    expect((await listMessages()).total).toBe(0)
  })

  it('marks read only from new', async () => {
    const m = await createMessage(input)
    expect((await markMessageRead(m.id))?.status).toBe('read')
    await setStatus(m.id, 'archived')
    expect((await markMessageRead(m.id))?.status).toBe('archived')
    await setStatus(m.id, 'replied')
    expect((await markMessageRead(m.id))?.status).toBe('replied')
    expect(await markMessageRead('missing')).toBeUndefined()
  })

  it('archives from any status', async () => {
    for (const status of ['new', 'read', 'replied', 'archived']) {
      const m = await createMessage(input)
      await setStatus(m.id, status)
      expect((await archiveMessage(m.id))?.status).toBe('archived')
    }
    expect(await archiveMessage('missing')).toBeUndefined()
  })

  it('stores a reply with its send time and sets status replied', async () => {
    const m = await createMessage(input)
    const before = Date.now()
    const replied = await replyToMessage(m.id, '  Merci pour votre message.  ')
    expect(replied?.status).toBe('replied')
    expect(replied?.reply?.content).toBe('Merci pour votre message.')
    expect(Date.parse(replied!.reply!.sentAt)).toBeGreaterThanOrEqual(before - 1)
    expect(await getMessage(m.id)).toEqual(replied)
    expect(await replyToMessage('missing', 'Bonjour')).toBeUndefined()
  })

  it('refuses a blank or too long reply and changes nothing', async () => {
    const m = await createMessage(input)
    await expect(replyToMessage(m.id, '   ')).rejects.toMatchObject({
      fieldErrors: { content: 'La réponse ne peut pas être vide' },
    })
    await expect(replyToMessage(m.id, 'x'.repeat(5001))).rejects.toBeInstanceOf(ValidationError)
    expect(await getMessage(m.id)).toEqual(m)
  })

  it('deletes by id', async () => {
    const m = await createMessage(input)
    await expectDeletedOnce(deleteMessage, getMessage, m.id)
  })

  it('paginates newest first, filters by status and counts per status', async () => {
    const ids: string[] = []
    for (let i = 0; i < 7; i++) {
      const m = await createMessage({ ...input, message: `Message ${i}` })
      const createdAt = new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString()
      await db.current.db
        .updateTable('messages')
        .set({ createdAt })
        .where('id', '=', m.id)
        .execute()
      ids.push(m.id)
    }
    await setStatus(ids[0]!, 'read')
    await setStatus(ids[1]!, 'archived')
    await setStatus(ids[2]!, 'archived')

    const first = await listMessages({ page: 1, pageSize: 3 })
    expect(first.total).toBe(7)
    expect(first.items.map((m) => m.message)).toEqual(['Message 6', 'Message 5', 'Message 4'])
    const last = await listMessages({ page: 3, pageSize: 3 })
    expect(last.items.map((m) => m.message)).toEqual(['Message 0'])
    // Past the end: the last page.
    expect((await listMessages({ page: 99, pageSize: 3 })).page).toBe(3)

    expect((await listMessages({ status: 'all' })).total).toBe(7)
    const archived = await listMessages({ status: 'archived' })
    expect(archived.total).toBe(2)
    expect(archived.items.map((m) => m.message)).toEqual(['Message 2', 'Message 1'])

    expect(await countMessagesByStatus()).toEqual({
      all: 7,
      new: 4,
      read: 1,
      replied: 0,
      archived: 2,
    })
  })

  it('breaks createdAt ties by id, descending', async () => {
    const a = await createMessage(input)
    const b = await createMessage(input)
    const createdAt = '2026-01-01T00:00:00.000Z'
    await db.current.db.updateTable('messages').set({ createdAt }).execute()
    const expected = [a.id, b.id].sort().reverse()
    expect((await listMessages()).items.map((m) => m.id)).toEqual(expected)
  })

  it('lists a page of 100,000 messages on the index (no temporary sort)', async ({ skip }) => {
    skip(onPostgres, 'SQLite query plans; PostgreSQL plans differ (ADR 028)')
    const sqlite = db.current.sqlite
    const statuses = ['new', 'read', 'replied', 'archived']
    const t0 = Date.UTC(2025, 0, 1)
    fillSqliteTable(
      sqlite,
      'INSERT INTO messages (id, name, email, message, status, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
      100_000,
      (i) => [
        `m${String(i).padStart(6, '0')}`,
        'Nom',
        'a@b.fr',
        'Texte',
        statuses[i % 4]!,
        new Date(t0 + i * 60_000).toISOString(),
      ],
    )

    const plan = (where: string) =>
      queryPlan(
        sqlite,
        `SELECT id FROM messages ${where} ORDER BY createdAt DESC, id DESC LIMIT 20`,
      )
    expect(plan("WHERE status = 'new'")).toContain('messages_status_created')
    expect(plan("WHERE status = 'new'")).not.toContain('TEMP B-TREE')
    expect(plan('')).toContain('messages_created')
    expect(plan('')).not.toContain('TEMP B-TREE')

    const page = await listMessages({ status: 'new', page: 1, pageSize: 20 })
    const all = await listMessages({ page: 2, pageSize: 20 })
    const counts = await countMessagesByStatus()
    expect(page.total).toBe(25_000)
    expect(page.items[0]!.id).toBe('m099996')
    expect(all.items[0]!.id).toBe('m099979')
    expect(counts.all).toBe(100_000)
  })
})
