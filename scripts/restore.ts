// `npm run restore -- <backup>`: puts a `npm run backup` copy back into DATA_DIR (stop the
// server first): the database, the auth secret and the uploaded files (media, private CV)
// into MEDIA_DIR (DATA_DIR unless set, ADR 033), or into the S3 bucket when S3_BUCKET is set
// (ADR 068).
// <backup> is the path of a `vitrine-<date>.db` file. Refuses to overwrite an existing
// database unless --force is given, and refuses whatever the options while a server runs on
// DATA_DIR (its vitrine.pid names a live process, ADR 069).
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { getEnv } from '../app/server/core/env.server.ts'
import { DATABASE_FILE_NAME } from '../app/server/db/client.server.ts'
import { copyMedia } from '../app/server/media/media-copy.server.ts'
import { closeS3Clients } from '../app/server/media/s3-storage.server.ts'
import { LocalDiskStorage } from '../app/server/media/storage.server.ts'
import { privateStore, publicStore, s3Settings } from '../app/server/media/stores.server.ts'
import { runningServer, serverLockPath } from '../app/server/db/server-lock.server.ts'

const args = process.argv.slice(2)
const force = args.includes('--force')
const source = args.find((a) => !a.startsWith('--'))
if (!source || !/vitrine-.*\.db$/.test(source) || !existsSync(source)) {
  console.error(
    'Usage : npm run restore -- <chemin de vitrine-AAAA-MM-JJ_HH-MM-SS-mmm.db> [--force]',
  )
  process.exit(1)
}
const env = getEnv({ ...process.env, BETTER_AUTH_SECRET: 'restore-does-not-need-the-secret' })
if (env.DATABASE_URL) {
  // The site reads PostgreSQL: a SQLite file put into DATA_DIR would change nothing.
  console.error(
    'DATABASE_URL est défini : la base est PostgreSQL, cette sauvegarde SQLite ne la remplacerait pas. Restaurez-la avec pg_restore, ou copiez-la avec npm run db:copy (voir le README, section « Production »).',
  )
  process.exit(1)
}
// Before anything is touched, and --force does not change it: a database replaced under a
// running server is damaged (its open connection and WAL go on writing to the old file).
const running = runningServer(env.DATA_DIR)
if (running !== undefined) {
  console.error(
    `Un serveur Vitrine tourne sur ce dossier de données (${env.DATA_DIR}, processus ${running}) : ` +
      "arrêtez-le, puis relancez la restauration. Rien n'a été modifié. " +
      `(Si aucun serveur ne tourne, supprimez ${serverLockPath(env.DATA_DIR)}.)`,
  )
  process.exit(1)
}
const target = path.join(env.DATA_DIR, DATABASE_FILE_NAME)
if (existsSync(target) && !force) {
  console.error(
    `${target} existe déjà : arrêtez le serveur et relancez avec --force pour le remplacer.`,
  )
  process.exit(1)
}
mkdirSync(env.DATA_DIR, { recursive: true })
copyFileSync(source, target)
for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true })
const stamp = path.basename(source).replace(/^vitrine-(.*)\.db$/, '$1')
const secret = path.join(path.dirname(source), `auth-secret-${stamp}`)
if (existsSync(secret)) copyFileSync(secret, path.join(env.DATA_DIR, 'auth-secret'))
const files = source.replace(/\.db$/, '-files')
if (s3Settings(env)) {
  for (const [folder, store] of [
    ['media', publicStore(env)],
    ['private', privateStore(env)],
  ] as const) {
    await copyMedia(new LocalDiskStorage(path.join(files, folder)), store)
  }
  await closeS3Clients()
} else {
  for (const folder of ['media', 'private']) {
    const from = path.join(files, folder)
    if (existsSync(from)) cpSync(from, path.join(env.MEDIA_DIR, folder), { recursive: true })
  }
}
console.log(`Sauvegarde restaurée dans ${env.DATA_DIR}.`)
