// `npm run db:copy -- --from sqlite:./data/vitrine.db --to postgres://…`: copies a whole site
// from one database to another (SQLite → PostgreSQL, or back), parents first, in one
// transaction, checking row counts and a checksum per table (ADR 028). Stop the app first.
import { parseArgs } from 'node:util'
import {
  carrySessionSecret,
  CopyError,
  copyDatabase,
  describeLocation,
  openLocation,
} from '#app/server/db/copy.server.ts'
import { checkPostgres, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { StartupError } from '#app/server/core/env.server.ts'

const USAGE =
  'Usage : npm run db:copy -- --from sqlite:./data/vitrine.db --to postgres://utilisateur:motdepasse@hôte:5432/base [--force]\n' +
  '  --from   base source (sqlite:<fichier> ou postgres://…)\n' +
  '  --to     base cible, migrée si besoin ; elle doit être vide\n' +
  '  --force  vider la base cible si elle contient déjà des données'

async function main(): Promise<number> {
  let values
  try {
    values = parseArgs({
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (!values.from || !values.to) {
    console.error(`Indiquez la base source (--from) et la base cible (--to).\n${USAGE}`)
    return 2
  }
  if (values.from.trim() === values.to.trim()) {
    console.error('La source et la cible sont la même base : rien à copier.')
    return 2
  }
  const handles: DatabaseHandle[] = []
  const started = Date.now()
  try {
    const source = openLocation(values.from.trim(), 'source')
    handles.push(source)
    const target = openLocation(values.to.trim(), 'cible')
    handles.push(target)
    // An unreachable or missing PostgreSQL, in the server's words (client.server.ts).
    if (source.dialect === 'postgres') await checkPostgres(source, '--from')
    if (target.dialect === 'postgres') await checkPostgres(target, '--to')
    console.log(
      `Copie de ${describeLocation(values.from.trim())} vers ${describeLocation(values.to.trim())}…`,
    )
    const reports = await copyDatabase(source, target, {
      force: values.force,
      log: (line) => console.log(line),
    })
    const secret = await carrySessionSecret(values.from.trim(), values.to.trim(), target, source)
    if (secret) console.log(secret)
    const rows = reports.reduce((sum, r) => sum + r.rows, 0)
    const seconds = ((Date.now() - started) / 1000).toFixed(1).replace('.', ',')
    console.log(
      `Copie terminée : ${reports.length} tables, ${rows} lignes, vérifiées (nombre de lignes et somme de contrôle) en ${seconds} s.`,
    )
    return 0
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(
      error instanceof CopyError || error instanceof StartupError
        ? message
        : `Échec de la copie : ${message}. Rien n'a été modifié dans la base cible.`,
    )
    return 1
  } finally {
    for (const handle of handles) await handle.close()
  }
}

process.exitCode = await main()
