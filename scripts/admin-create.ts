// `npm run admin:create -- --email a@b.fr --name "Camille Laurent"`: creates an admin account
// or promotes an existing user to admin (active). A new account gets a strong generated
// password printed once, unless --password-stdin reads one from standard input
// (`printf '%s' "$MDP" | npm run admin:create -- --email … --password-stdin`).
// Passwords are never accepted on the command line (they would show in the process list).
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { ADMIN_PASSWORD_MIN_LENGTH } from '#app/domain/auth.ts'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { getAuth } from '#app/server/auth/auth.server.ts'
import { promoteToAdmin } from '#app/server/auth/first-admin.server.ts'
import { closeDatabase, getDb, initDatabase } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'

const USAGE =
  'Usage : npm run admin:create -- --email adresse@exemple.fr [--name "Nom"] [--password-stdin]'

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const email = z.email().max(MAX_LENGTH.email).safeParse(values.email?.trim().toLowerCase())
  if (!email.success) {
    console.error(`Adresse e-mail manquante ou invalide.\n${USAGE}`)
    return 2
  }
  const env = getEnv()
  const handle = await initDatabase(env.DATA_DIR, env.DATABASE_URL)
  try {
    const existing = await getDb()
      .selectFrom('user')
      .select(['id', 'role', 'status'])
      .where('email', '=', email.data)
      .executeTakeFirst()
    if (existing) {
      await promoteToAdmin(existing.id)
      console.log(
        `Compte existant ${email.data} promu administrateur (rôle ${existing.role} → admin, statut actif).`,
      )
      return 0
    }
    let password: string
    let generated = false
    if (values['password-stdin']) {
      password = await readStdin()
      // An admin's password: ADMIN_PASSWORD_MIN_LENGTH, not a visitor's 6.
      if (password.length < ADMIN_PASSWORD_MIN_LENGTH || password.length > MAX_LENGTH.password) {
        console.error(
          `Le mot de passe doit compter entre ${ADMIN_PASSWORD_MIN_LENGTH} et ${MAX_LENGTH.password} caractères.`,
        )
        return 2
      }
    } else {
      password = randomBytes(18).toString('base64url')
      generated = true
    }
    const name = values.name?.trim() || email.data.split('@')[0] || 'Administrateur'
    const result = await (
      await getAuth()
    ).api.signUpEmail({
      body: { name: name.slice(0, MAX_LENGTH.short), email: email.data, password },
    })
    await promoteToAdmin(result.user.id, { emailProven: true })
    console.log(`Administrateur créé : ${email.data} (base ${handle.file}).`)
    if (generated) {
      console.log(`Mot de passe (affiché une seule fois, notez-le) : ${password}`)
    }
    return 0
  } finally {
    await closeDatabase()
  }
}

try {
  process.exitCode = await main()
} catch (error) {
  console.error(
    `Échec de la création de l'administrateur : ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exitCode = 1
}
