// Card over a looping background video, with a CSS gradient
// behind it: the page stays readable while the video loads or when it is missing.
// Beside it, the pieces every auth form shows alike.
import { Link } from 'react-router'

export function AuthShell(props: {
  title: string
  subtitle?: string
  video: string | null
  children: React.ReactNode
}) {
  return (
    <main className="relative flex min-h-screen items-center justify-center overflow-hidden bg-gradient-to-br from-slate-950 via-indigo-950 to-purple-900 px-4 py-12">
      {props.video ? (
        <video
          className="pointer-events-none absolute inset-0 h-full w-full object-cover opacity-40"
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
          preload="metadata"
        >
          <source src={props.video} type="video/webm" />
        </video>
      ) : null}
      <section className="relative w-full max-w-md rounded-2xl border border-white/15 bg-black/50 p-8 text-white shadow-2xl backdrop-blur-md">
        <h1 className="text-center text-3xl font-bold">{props.title}</h1>
        {props.subtitle ? <p className="mt-2 text-center text-white/70">{props.subtitle}</p> : null}
        <div className="mt-8">{props.children}</div>
      </section>
    </main>
  )
}

export function FormError({ message }: { message: string | undefined | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-400/40 bg-red-500/20 px-3 py-2 text-sm text-red-100"
    >
      {message}
    </p>
  )
}

/** A green confirmation above or instead of a form (a link sent, a notice). */
export function StatusNotice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-green-400/40 bg-green-500/20 px-3 py-2 text-sm text-green-50"
    >
      {children}
    </p>
  )
}

/** The link under an auth card, after its question if any ("Déjà un compte ?"). */
export function AuthFooterLink(props: { question?: string; to: string; children: string }) {
  return (
    <p className="mt-6 text-center text-sm text-white/70">
      {props.question ? `${props.question} ` : null}
      <Link to={props.to} className="font-semibold text-white underline">
        {props.children}
      </Link>
    </p>
  )
}
