// `npm run admin:create` creates an admin with a generated password, or promotes a user.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-create-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(args: string[], input?: string) {
  return execFileSync(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'error' },
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}

function users() {
  const db = new DatabaseSync(path.join(dir, 'vitrine.db'))
  try {
    return db.prepare('SELECT email, role, status FROM user ORDER BY email').all()
  } finally {
    db.close()
  }
}

describe('admin:create', () => {
  it('creates an admin and prints a generated password once', () => {
    const out = run(['--email', 'Chef@Exemple.fr', '--name', 'Chef'])
    expect(out).toMatch(/Administrateur créé : chef@exemple\.fr/)
    const password = out.match(/notez-le\) : (\S+)/)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(20)
    expect(users()).toEqual([{ email: 'chef@exemple.fr', role: 'admin', status: 'active' }])
  })

  it('promotes an existing user and reads a password from stdin', () => {
    run(['--email', 'lecteur@exemple.fr', '--password-stdin'], 'motdepasse-lecteur\n')
    const db = new DatabaseSync(path.join(dir, 'vitrine.db'))
    db.prepare("UPDATE user SET role = 'viewer', status = 'blocked' WHERE email = ?").run(
      'lecteur@exemple.fr',
    )
    db.close()
    expect(run(['--email', 'lecteur@exemple.fr'])).toMatch(/promu administrateur/)
    expect(users()).toContainEqual({ email: 'lecteur@exemple.fr', role: 'admin', status: 'active' })
  })

  it('refuses a missing e-mail', () => {
    expect(() => run([])).toThrow()
  })

  it('refuses an admin password under 12 characters', () => {
    expect(() => run(['--email', 'court@exemple.fr', '--password-stdin'], 'onze-signes\n')).toThrow(
      /entre 12 et/,
    )
    expect(users()).not.toContainEqual(expect.objectContaining({ email: 'court@exemple.fr' }))
  })
})
