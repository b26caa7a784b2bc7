// `npm run import -- FILE [--sans-medias]`: imports a WordPress WXR (.xml), a Ghost export
// (.json), a Medium export (.zip), a folder or .zip of Markdown files, or a Vitrine export
// (.zip) into the DATA_DIR database (or DATABASE_URL), while the site runs (ADR 066). Prints
// the French report. Exit code 0 when every item came in (media that could not be fetched
// are reported, not failures), 1 when an item failed, 2 when nothing could be read (ADR 088).
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { importFile, ImportRefused } from '#app/server/transfer/import.server.ts'
import { formatReport } from '#app/server/transfer/report.server.ts'
import { closeS3Clients } from '#app/server/media/s3-storage.server.ts'

const USAGE = 'Usage : npm run import -- FICHIER_OU_DOSSIER [--sans-medias]'

async function main(args: string[]): Promise<number> {
  const noMedia = args.includes('--sans-medias') || args.includes('--no-media')
  const files = args.filter((a) => !a.startsWith('--'))
  if (files.length !== 1) {
    console.error(USAGE)
    return 2
  }
  const env = getEnv()
  await initDatabase(env.DATA_DIR, env.DATABASE_URL)
  try {
    let last = 0
    const report = await importFile(files[0]!, {
      fetchMedia: !noMedia,
      onProgress: (done) => {
        if (process.stderr.isTTY && done - last >= 25) {
          last = done
          process.stderr.write(`\r${done} éléments traités…`)
        }
      },
    })
    if (process.stderr.isTTY && last > 0) process.stderr.write('\n')
    console.log(formatReport(report))
    return report.failures.length > 0 ? 1 : 0
  } catch (error) {
    if (error instanceof ImportRefused) {
      console.error(error.message)
      return 2
    }
    throw error
  } finally {
    await closeDatabase()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(`Échec de l’import : ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
// The S3 client's kept-alive sockets would hold the process open (ADR 068).
await closeS3Clients()
