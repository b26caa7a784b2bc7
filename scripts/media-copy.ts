// `npm run media:copy -- --from local --to s3` (or `--from s3 --to local`): moves an existing
// media library between MEDIA_DIR and the S3 bucket of the S3_* variables (ADR 068), the
// public library and the private CV each to its own place, checking every file's SHA-256 read
// back from the destination and the count of files. Stop the app servers first, then switch
// S3_BUCKET on (or off) and start them again. The source is left as it was.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { getEnv, StartupError } from '#app/server/core/env.server.ts'
import { copyMedia, MediaCopyError } from '#app/server/media/media-copy.server.ts'
import {
  checkBucket,
  closeS3Clients,
  describeS3Failure,
  S3Storage,
} from '#app/server/media/s3-storage.server.ts'
import { LocalDiskStorage, type MediaStorage } from '#app/server/media/storage.server.ts'
import { s3Settings } from '#app/server/media/stores.server.ts'

const USAGE =
  'Usage : npm run media:copy -- --from local --to s3   (ou --from s3 --to local)\n' +
  '  local  les fichiers de MEDIA_DIR (DATA_DIR par défaut)\n' +
  '  s3     le compartiment des variables S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID…'

type Side = 'local' | 's3'

async function main(): Promise<number> {
  let values
  try {
    values = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const sides = [values.from, values.to]
  if (!sides.every((v) => v === 'local' || v === 's3') || values.from === values.to) {
    console.error(`Indiquez --from local --to s3, ou --from s3 --to local.\n${USAGE}`)
    return 2
  }
  let env
  try {
    env = getEnv({ ...process.env, BETTER_AUTH_SECRET: 'media-copy-does-not-need-the-secret' })
  } catch (error) {
    console.error((error as StartupError).message)
    return 2
  }
  const s3 = s3Settings(env)
  if (!s3) {
    console.error(
      'S3_BUCKET n’est pas défini : indiquez le compartiment (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY…, voir le README).',
    )
    return 2
  }
  try {
    await checkBucket(s3)
  } catch (error) {
    console.error(`Copie impossible : ${(error as Error).message}`)
    return 1
  }
  const stores = (side: Side): [MediaStorage, MediaStorage] =>
    side === 's3'
      ? [new S3Storage(s3, 'media/'), new S3Storage(s3, 'private/')]
      : [
          new LocalDiskStorage(path.join(env.MEDIA_DIR, 'media')),
          new LocalDiskStorage(path.join(env.MEDIA_DIR, 'private')),
        ]
  const from = stores(values.from as Side)
  const to = stores(values.to as Side)
  const where = (side: Side) =>
    side === 's3' ? `du compartiment S3 « ${s3.bucket} »` : `du dossier ${env.MEDIA_DIR}`
  const into = (side: Side) =>
    side === 's3' ? `le compartiment S3 « ${s3.bucket} »` : `le dossier ${env.MEDIA_DIR}`
  console.log(`Copie des médias ${where(values.from as Side)} vers ${into(values.to as Side)}…`)
  try {
    const pub = await copyMedia(from[0], to[0], (line) => console.log(line))
    const priv = await copyMedia(from[1], to[1], (line) => console.log(line))
    const mb = ((pub.bytes + priv.bytes) / 1024 / 1024).toFixed(1).replace('.', ',')
    console.log(
      `Copie terminée : ${pub.files} fichiers publics et ${priv.files} fichier(s) privé(s), ${mb} Mo, vérifiés (nombre de fichiers et SHA-256 relu dans la destination). La source n’a pas été modifiée.`,
    )
    return 0
  } catch (error) {
    console.error(
      error instanceof MediaCopyError
        ? error.message
        : `Échec de la copie : ${describeS3Failure(error, s3.bucket)}`,
    )
    return 1
  }
}

const code = await main()
await closeS3Clients()
process.exitCode = code
