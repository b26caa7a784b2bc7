// `npm run admin:reset-2fa` turns off an account's second factor and ends its sessions.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-2fa-reset-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(script: string, args: string[]) {
  return execFileSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'error' },
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}

describe('admin:reset-2fa', () => {
  it('removes the secret, the recovery codes and the sessions of the account', () => {
    run('scripts/admin-create.ts', ['--email', 'chef@exemple.fr'])
    const db = new DatabaseSync(path.join(dir, 'vitrine.db'))
    const { id } = db.prepare('SELECT id FROM user WHERE email = ?').get('chef@exemple.fr') as {
      id: string
    }
    const now = new Date().toISOString()
    db.prepare(
      'INSERT INTO two_factor (userId, secret, enabledAt, lastStep, createdAt, updatedAt) VALUES (?, ?, ?, 0, ?, ?)',
    ).run(id, 'v1.x.y.z', now, now, now)
    db.prepare(
      'INSERT INTO recovery_code (id, userId, codeHash, usedAt, createdAt) VALUES (?, ?, ?, NULL, ?)',
    ).run('r1', id, 'hash', now)
    db.prepare(
      'INSERT INTO session (id, expiresAt, token, createdAt, updatedAt, userId) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('s1', now, 't1', now, now, id)
    const out = run('scripts/two-factor-reset.ts', ['--email', 'Chef@Exemple.fr'])
    expect(out).toMatch(
      /Double authentification désactivée pour chef@exemple\.fr ; sessions terminées : \d+\./,
    )
    for (const table of ['two_factor', 'recovery_code', 'session']) {
      expect(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()).toEqual({ n: 0 })
    }
    db.close()
  })

  it('says so when the account does not exist', () => {
    expect(() => run('scripts/two-factor-reset.ts', ['--email', 'personne@exemple.fr'])).toThrow(
      /Aucun compte pour personne@exemple\.fr/,
    )
  })
})
