// Chrome of the signed-in user's own pages (/compte): a dark card like the sign-in pages,
// wider, with a way back to the site and the hub.
import { useState } from 'react'
import { Link } from 'react-router'

export function AccountShell(props: {
  title: string
  isAdmin: boolean
  children: React.ReactNode
}) {
  return (
    <main className="min-h-screen bg-gradient-to-br from-slate-950 via-indigo-950 to-purple-900 px-4 py-10 text-white">
      <div className="mx-auto w-full max-w-3xl">
        <nav aria-label="Liens du compte" className="mb-6 flex flex-wrap gap-4 text-sm">
          <Link to="/" className="underline hover:text-white/80">
            Retour au site
          </Link>
          {props.isAdmin ? (
            <Link to="/admin" className="underline hover:text-white/80">
              Administration
            </Link>
          ) : null}
          <Link to="/compte" className="underline hover:text-white/80">
            Mon compte
          </Link>
        </nav>
        <h1 className="text-3xl font-bold">{props.title}</h1>
        <div className="mt-6 space-y-6">{props.children}</div>
      </div>
    </main>
  )
}

export function Panel(props: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={props.title}
      className="rounded-2xl border border-white/15 bg-black/50 p-6 shadow-2xl"
    >
      <h2 className="mb-4 text-xl font-semibold">{props.title}</h2>
      {props.children}
    </section>
  )
}

export function Notice(props: { kind: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  const styles = {
    error: 'border-red-400/40 bg-red-500/20 text-red-100',
    success: 'border-emerald-400/40 bg-emerald-500/20 text-emerald-50',
    info: 'border-amber-300/40 bg-amber-500/20 text-amber-50',
  }[props.kind]
  return (
    <p
      role={props.kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${styles}`}
    >
      {props.children}
    </p>
  )
}

/** The recovery codes, shown once after enrolment or a renewal. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <Notice kind="info">
        Notez ces codes de récupération et gardez-les en lieu sûr : ils ne seront plus jamais
        affichés. Chacun permet une seule connexion si vous n&apos;avez plus votre téléphone.
      </Notice>
      <ul
        aria-label="Codes de récupération"
        className="grid grid-cols-2 gap-2 rounded-lg bg-white/10 p-4 font-mono text-lg"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <RecoveryCodeActions codes={codes} />
    </div>
  )
}

/** Copy the codes, or save them as a text file (kept out of the page's history). */
function RecoveryCodeActions({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false)
  const text = `${codes.join('\n')}\n`
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true))
        }}
      >
        Copier les codes
      </button>
      <a
        className={secondaryButton}
        download="codes-de-recuperation.txt"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
      >
        Télécharger les codes
      </a>
      <span role="status" className="text-sm text-white/80">
        {copied ? 'Codes copiés.' : ''}
      </span>
    </div>
  )
}

/** A submit button naming the action's `intent`, disabled while a submission is under way. */
export function IntentButton({
  intent,
  busy,
  className = secondaryButton,
  ...rest
}: { intent: string; busy: boolean } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'name' | 'value' | 'disabled'
>) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      className={className}
      {...rest}
    />
  )
}

/** A labelled input of the account pages, the label above it. */
export function LabelledInput({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} className={inputStyle} {...input} />
    </>
  )
}

export const primaryButton =
  'rounded-lg bg-purple-600 px-4 py-2 font-semibold text-white hover:bg-purple-500 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60'
export const secondaryButton =
  'rounded-lg border border-white/30 px-3 py-2 text-sm text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white'
const inputStyle =
  'w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-white placeholder-white/50 focus:border-white/60 focus:outline-none'
