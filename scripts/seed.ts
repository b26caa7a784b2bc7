// `npm run seed`: loads the French demo content into the DATA_DIR database when it holds no
// content yet (projects, articles, settings…), and says what it did. Never creates accounts.
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { describeSeed, seedDemoContent } from '#app/server/demo/seed.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'

async function main(): Promise<number> {
  const env = getEnv()
  const handle = await initDatabase(env.DATA_DIR, env.DATABASE_URL)
  console.log(`Base de données : ${handle.file}`)
  try {
    const result = await seedDemoContent()
    console.log(describeSeed(result))
    if (!result.seeded)
      console.log(
        'Rien n’a été modifié. Pour repartir du contenu de démonstration, utilisez un dossier de données vide (DATA_DIR).',
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
    `Échec du chargement du contenu de démonstration : ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exitCode = 1
}
