import { useEffect, useRef, useState } from 'react'
import { ShieldAlert } from 'lucide-react'

/** The capture notice shows for 1 s. */
export const CAPTURE_NOTICE_MS = 1000
export const CAPTURE_TITLE = 'Capture non autorisée'
export const CAPTURE_TEXT =
  "Pour protéger ce document, les captures d'écran ne sont pas autorisées."

/** Keys that look like a screenshot, print or save request. */
export function isCaptureKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  const key = e.key.toLowerCase()
  if (key === 'printscreen') return true
  const mod = e.ctrlKey || e.metaKey
  if (mod && (key === 'p' || key === 's' || key === 'c' || key === 'v' || key === 'x')) return true
  if (e.metaKey && e.shiftKey && ['3', '4', '5', 's'].includes(key)) return true
  return false
}

/**
 * CV protection — a deterrent only (the README says so): screenshot-like keys, print,
 * save, context menu, copy and paste are blocked and trigger a shake plus the notice.
 */
export function CaptureGuard({ children }: { children: React.ReactNode }) {
  const [notice, setNotice] = useState(0)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    const trigger = (e?: Event) => {
      e?.preventDefault()
      setNotice((n) => n + 1)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setNotice(0), CAPTURE_NOTICE_MS)
    }
    const onKey = (e: KeyboardEvent) => {
      if (isCaptureKey(e)) trigger(e)
    }
    const events = ['contextmenu', 'copy', 'paste', 'cut'] as const
    document.addEventListener('keydown', onKey)
    document.addEventListener('keyup', onKey)
    for (const name of events) document.addEventListener(name, trigger)
    const beforePrint = () => trigger()
    window.addEventListener('beforeprint', beforePrint)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('keyup', onKey)
      for (const name of events) document.removeEventListener(name, trigger)
      window.removeEventListener('beforeprint', beforePrint)
      window.clearTimeout(timer.current)
    }
  }, [])

  return (
    <>
      <div
        key={notice}
        className={notice > 0 ? 'animate-shake' : undefined}
        data-testid="cv-guarded"
      >
        {children}
      </div>
      {notice > 0 ? (
        <div
          role="alert"
          className="fixed inset-x-4 top-24 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-accent bg-surface p-4 shadow-2xl"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-link" />
          <div>
            <p className="font-semibold text-fg">{CAPTURE_TITLE}</p>
            <p className="text-sm text-fg-2">{CAPTURE_TEXT}</p>
          </div>
        </div>
      ) : null}
    </>
  )
}
