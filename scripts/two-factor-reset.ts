// `npm run admin:reset-2fa -- --email a@b.fr`: turns off the two-factor sign-in of an account
// (lost phone and recovery codes) and ends its sessions (ADR 025). For the owner locked out
// of the only admin account; other users are reset by an admin in the Users tab.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { endAllSessions } from '#app/server/auth/active-sessions.server.ts'
import { disableTwoFactor } from '#app/server/auth/two-factor.server.ts'
import { closeDatabase, getDb, initDatabase } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'

const USAGE = 'Usage : npm run admin:reset-2fa -- --email adresse@exemple.fr'

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, help: { type: 'boolean', default: false } },
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
  await initDatabase(getEnv().DATA_DIR)
  try {
    const user = await getDb()
      .selectFrom('user')
      .select(['id'])
      .where('email', '=', email.data)
      .executeTakeFirst()
    if (!user) {
      console.error(`Aucun compte pour ${email.data}.`)
      return 1
    }
    await disableTwoFactor(user.id)
    const ended = await endAllSessions(user.id)
    console.log(
      `Double authentification désactivée pour ${email.data} ; sessions terminées : ${ended}. ` +
        'Reconnectez-vous puis réactivez-la depuis « Mon compte ».',
    )
    return 0
  } finally {
    await closeDatabase()
  }
}

try {
  process.exitCode = await main()
} catch (error) {
  console.error(
    `Échec de la réinitialisation : ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exitCode = 1
}
