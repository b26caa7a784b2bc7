// `npm run import -- FILE [--sans-medias]`: imports a WordPress WXR (.xml), a Ghost export
// (.json), a Medium export (.zip), a folder or .zip of Markdown files, or a Vitrine export
// (.zip) into the DATA_DIR database (or DATABASE_URL), while the site runs (ADR 066). Prints
// the French report. Exit code 0 when every item came in (media that could not be fetched
// are reported, not failures), 1 when an item failed, 2 when nothing could be read (ADR 088).
// The import runs in a worker thread whose heap is bounded; this thread loads nothing else
// (ADR 124).
import { startImportCommand } from '#app/server/transfer/import-command.server.ts'
import { formatReport } from '#app/server/transfer/report.server.ts'

const USAGE = 'Usage : npm run import -- FICHIER_OU_DOSSIER [--sans-medias]'

async function main(args: string[]): Promise<number> {
  const noMedia = args.includes('--sans-medias') || args.includes('--no-media')
  const files = args.filter((a) => !a.startsWith('--'))
  if (files.length !== 1) {
    console.error(USAGE)
    return 2
  }
  let last = 0
  const outcome = await startImportCommand({ file: files[0]!, fetchMedia: !noMedia }, (done) => {
    if (process.stderr.isTTY && done - last >= 25) {
      last = done
      process.stderr.write(`\r${done} éléments traités…`)
    }
  }).outcome
  if (process.stderr.isTTY && last > 0) process.stderr.write('\n')
  switch (outcome.type) {
    case 'report':
      console.log(formatReport(outcome.report))
      return outcome.report.failures.length > 0 ? 1 : 0
    case 'refused':
      console.error(outcome.message)
      return 2
    case 'error':
      console.error(`Échec de l’import : ${outcome.message}`)
      return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
