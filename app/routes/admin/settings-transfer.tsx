// Admin › Paramètres › Importer / Exporter (ADR 066): upload a WordPress, Ghost, Medium,
// Markdown or Vitrine export and read the French report; download the whole site as a .zip.
import { useRef, useState, type FormEvent } from 'react'
import { Download, Upload } from 'lucide-react'
import {
  EXPORT_PATH,
  IMPORT_MAX_MB,
  IMPORT_PATH,
  TRANSFER_TEXTS,
  countLines,
  type ImportReportData,
} from '#app/domain/transfer.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { Banner } from '#app/ui/admin/banner.tsx'
import { buttonStyles } from '#app/ui/admin/buttons.tsx'
import { SettingsPageHeader } from '#app/ui/admin/settings-page-header.tsx'
import type { Route } from './+types/settings-transfer'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export function meta() {
  return [{ title: `Paramètres › ${TRANSFER_TEXTS.title} — Administration du Portfolio` }]
}

type State =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'importing' }
  | { phase: 'done'; report: ImportReportData }
  | { phase: 'error'; message: string }

function sendImport(file: File, onState: (state: State) => void): void {
  const xhr = new XMLHttpRequest()
  xhr.open('POST', `${IMPORT_PATH}?${new URLSearchParams({ name: file.name })}`)
  xhr.responseType = 'json'
  xhr.upload.onprogress = (event) => {
    const percent = event.lengthComputable ? Math.round((event.loaded / event.total) * 100) : 0
    onState(percent >= 100 ? { phase: 'importing' } : { phase: 'sending', percent })
  }
  xhr.upload.onload = () => onState({ phase: 'importing' })
  xhr.onload = () => {
    const body = xhr.response as { report?: ImportReportData; error?: string } | null
    if (xhr.status === 200 && body?.report) onState({ phase: 'done', report: body.report })
    else onState({ phase: 'error', message: body?.error ?? TRANSFER_TEXTS.failed })
  }
  xhr.onerror = () => onState({ phase: 'error', message: TRANSFER_TEXTS.failed })
  // The body is the file itself, streamed by the browser.
  xhr.send(file)
}

function ImportReportView({ report }: { report: ImportReportData }) {
  const lines = countLines(report)
  return (
    <section
      aria-labelledby="import-report"
      className="flex flex-col gap-3 rounded-md border border-zinc-200 bg-white p-4 text-sm"
    >
      <h3 id="import-report" className="text-base font-semibold text-zinc-900">
        {TRANSFER_TEXTS.reportTitle} ({report.format})
      </h3>
      <ul className="list-disc pl-5" data-testid="import-counts">
        {lines.length > 0 ? (
          lines.map((line) => <li key={line}>{line}</li>)
        ) : (
          <li>{TRANSFER_TEXTS.nothing}</li>
        )}
      </ul>
      <ReportList
        title={TRANSFER_TEXTS.failuresTitle}
        titleClass="font-semibold text-red-800"
        listClass="list-disc pl-5 text-red-800"
        items={report.failures.map((f) => `${f.item} : ${f.reason}`)}
      />
      <ReportList
        title={TRANSFER_TEXTS.unreachableTitle}
        listClass="list-disc pl-5 break-all"
        items={report.unreachableMedia.map((m) => `${m.url} (${m.reason})`)}
      />
      <ReportList title={TRANSFER_TEXTS.notesTitle} items={report.notes} />
      <ReportList title={TRANSFER_TEXTS.nextStepsTitle} items={report.nextSteps ?? []} />
      {report.omitted > 0 ? <p>{TRANSFER_TEXTS.omitted(report.omitted)}</p> : null}
    </section>
  )
}

/** One titled list of the import report, left out when empty. */
function ReportList(props: {
  title: string
  items: string[]
  titleClass?: string
  listClass?: string
}) {
  if (props.items.length === 0) return null
  return (
    <>
      <h4 className={props.titleClass ?? 'font-semibold'}>{props.title}</h4>
      <ul className={props.listClass ?? 'list-disc pl-5'}>
        {props.items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </>
  )
}

export default function TransferSettingsPage() {
  const [state, setState] = useState<State>({ phase: 'idle' })
  const input = useRef<HTMLInputElement>(null)
  const busy = state.phase === 'sending' || state.phase === 'importing'

  function submit(event: FormEvent) {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) return setState({ phase: 'error', message: TRANSFER_TEXTS.noFile })
    if (file.size > IMPORT_MAX_MB * 1024 * 1024)
      return setState({ phase: 'error', message: TRANSFER_TEXTS.tooLarge })
    setState({ phase: 'sending', percent: 0 })
    sendImport(file, setState)
  }

  return (
    <div className="flex flex-col gap-6">
      <SettingsPageHeader title={TRANSFER_TEXTS.title} />

      <section aria-labelledby="import-title" className="flex flex-col gap-3">
        <h2 id="import-title" className="text-lg font-semibold text-zinc-900">
          {TRANSFER_TEXTS.importTitle}
        </h2>
        <p className="text-sm text-zinc-600">{TRANSFER_TEXTS.importHelp}</p>
        <form onSubmit={submit} className="flex flex-wrap items-center gap-3">
          <label className="text-sm">
            <span className="sr-only">Fichier à importer</span>
            <input
              ref={input}
              type="file"
              name="file"
              accept=".xml,.json,.zip,.md,.markdown"
              disabled={busy}
              className="text-sm"
            />
          </label>
          <button
            type="submit"
            className={buttonStyles.primary}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            <Upload className="h-4 w-4" aria-hidden="true" />
            {TRANSFER_TEXTS.importButton}
          </button>
        </form>
        <div aria-live="polite" className="text-sm text-zinc-700">
          {state.phase === 'sending' ? (
            <p>
              {TRANSFER_TEXTS.sending(state.percent)}{' '}
              <progress max={100} value={state.percent} className="align-middle" />
            </p>
          ) : state.phase === 'importing' ? (
            <p>{TRANSFER_TEXTS.importing}</p>
          ) : null}
        </div>
        {state.phase === 'error' ? <Banner kind="error">{state.message}</Banner> : null}
        {state.phase === 'done' ? <ImportReportView report={state.report} /> : null}
      </section>

      <section aria-labelledby="export-title" className="flex flex-col gap-3">
        <h2 id="export-title" className="text-lg font-semibold text-zinc-900">
          {TRANSFER_TEXTS.exportTitle}
        </h2>
        <p className="text-sm text-zinc-600">{TRANSFER_TEXTS.exportHelp}</p>
        <p>
          {/* A plain link: the browser downloads the streamed zip itself. */}
          <a href={EXPORT_PATH} download className={buttonStyles.secondary}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {TRANSFER_TEXTS.exportButton}
          </a>
        </p>
      </section>
    </div>
  )
}
