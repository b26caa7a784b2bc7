// `npm run backup`: a consistent copy of the live database (SQLite VACUUM INTO, safe while
// the server runs) into DATA_DIR/backups/, plus the auth secret and the uploaded files
// (MEDIA_DIR/media and MEDIA_DIR/private, ADR 017; MEDIA_DIR is DATA_DIR unless set, ADR
// 033), or from the S3 bucket when S3_BUCKET is set (ADR 068). Keeps the last 14 copies.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { getEnv } from '../app/server/core/env.server.ts'
import { DATABASE_FILE_NAME } from '../app/server/db/client.server.ts'
import { copyMedia } from '../app/server/media/media-copy.server.ts'
import { closeS3Clients } from '../app/server/media/s3-storage.server.ts'
import { LocalDiskStorage } from '../app/server/media/storage.server.ts'
import { privateStore, publicStore, s3Settings } from '../app/server/media/stores.server.ts'

const KEEP = Number(process.env.BACKUP_KEEP ?? 14)
const env = getEnv()
if (env.DATABASE_URL) {
  // ADR 028: PostgreSQL has its own consistent dump.
  console.error(
    'DATABASE_URL est défini : la base est PostgreSQL. Sauvegardez-la avec pg_dump (voir le README, section « Production »).',
  )
  process.exit(1)
}
const source = path.join(env.DATA_DIR, DATABASE_FILE_NAME)
if (!existsSync(source)) {
  console.error(`Aucune base de données à sauvegarder dans ${env.DATA_DIR}.`)
  process.exit(1)
}
const dir = path.resolve(process.env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'))
mkdirSync(dir, { recursive: true })
// To the millisecond: two backups in the same second (a cron job and a manual one) both land;
// the names still sort by date, which is how the oldest copies are pruned.
const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 23)
const target = path.join(dir, `vitrine-${stamp}.db`)
if (existsSync(target)) {
  console.error(`Une sauvegarde ${target} existe déjà : relancez la commande.`)
  process.exit(1)
}

const db = new DatabaseSync(source, { timeout: 5000 })
db.prepare('VACUUM INTO ?').run(target)
db.close()
const secret = path.join(env.DATA_DIR, 'auth-secret')
if (existsSync(secret)) copyFileSync(secret, path.join(dir, `auth-secret-${stamp}`))
// Uploaded files are content-addressed and never rewritten: a plain copy is consistent.
// Copied after the database, so every file a backed-up row names is there.
const files = path.join(dir, `vitrine-${stamp}-files`)
if (s3Settings(env)) {
  // From the bucket into the same folders as a local library, so restore reads either.
  for (const [folder, store] of [
    ['media', publicStore(env)],
    ['private', privateStore(env)],
  ] as const) {
    await copyMedia(store, new LocalDiskStorage(path.join(files, folder)))
    rmSync(path.join(files, folder, '.tmp'), { recursive: true, force: true })
  }
  await closeS3Clients()
}
for (const folder of s3Settings(env) ? [] : ['media', 'private']) {
  const from = path.join(env.MEDIA_DIR, folder)
  if (!existsSync(from)) continue
  cpSync(from, path.join(files, folder), {
    recursive: true,
    filter: (source) => path.basename(source) !== '.tmp',
  })
}

const copies = readdirSync(dir)
  .filter((f) => /^vitrine-.*\.db$/.test(f))
  .sort()
for (const old of copies.slice(0, Math.max(0, copies.length - KEEP))) {
  rmSync(path.join(dir, old))
  rmSync(path.join(dir, old.replace(/^vitrine-(.*)\.db$/, 'auth-secret-$1')), { force: true })
  rmSync(path.join(dir, old.replace(/\.db$/, '-files')), { recursive: true, force: true })
}
console.log(`Sauvegarde écrite : ${target}`)
