// `npm run export -- --out PATH`: the whole site in one .zip (ADR 066): every table of content
// and settings as JSON, posts, projects and pages as Markdown with front matter, the media library's
// files and the private CV. No accounts, passwords, sessions, secrets, rate-limit state nor
// visitors' messages. Newsletter subscribers (personal data) only with `--with-subscribers`
// (abonnes.csv, ADR 097). Safe while the site runs.
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { exportFileName, exportZip } from '#app/server/transfer/export.server.ts'
import { closeS3Clients } from '#app/server/media/s3-storage.server.ts'

const USAGE =
  'Usage : npm run export -- --out CHEMIN [--with-subscribers] (un fichier .zip ou un dossier)'

async function main(args: string[]): Promise<number> {
  const at = args.indexOf('--out')
  const out = at >= 0 ? args[at + 1] : undefined
  if (!out) {
    console.error(USAGE)
    return 2
  }
  let target = path.resolve(out)
  if (existsSync(target) && statSync(target).isDirectory())
    target = path.join(target, exportFileName())
  const env = getEnv()
  await initDatabase(env.DATA_DIR, env.DATABASE_URL)
  // Written beside the target, then renamed: a failed export never leaves a half zip there.
  const partial = `${target}.partiel`
  try {
    const withSubscribers = args.includes('--with-subscribers')
    const { stream, summary } = await exportZip({ withSubscribers })
    await pipeline(stream, createWriteStream(partial))
    renameSync(partial, target)
    console.log(`Export écrit : ${target} (${(statSync(target).size / 1024 / 1024).toFixed(1)} Mo)`)
    console.log(
      `  ${summary.posts} articles, ${summary.projects} projets, ${summary.pages} pages, ${summary.files} fichiers`,
    )
    console.log(
      withSubscribers
        ? '  Abonnés à la lettre inclus (abonnes.csv)'
        : '  Abonnés à la lettre non inclus (--with-subscribers pour les ajouter)',
    )
    for (const missing of summary.missing)
      console.log(`  Fichier absent du stockage, non exporté : ${missing}`)
    return 0
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    await closeDatabase()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(`Échec de l’export : ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
// The S3 client's kept-alive sockets would hold the process open (ADR 068).
await closeS3Clients()
