import { useEffect, useRef, useState } from 'react'
import { Link } from '#app/ui/link.tsx'
import {
  Download as LucideDownload,
  Lock as LucideLock,
  Mail as LucideMail,
} from 'lucide-react'
import { fastIcon } from '#app/ui/icons.tsx'
import type { Route } from './+types/cv'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { ownerPersonLd } from '#app/server/structured-data.server.ts'
import { CaptureGuard } from '#app/ui/public/capture-guard.tsx'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { pageMeta } from '#app/ui/public/page-meta.ts'
import { PageHeader } from '#app/ui/public/page-header.tsx'

// Built once (ADR 040).
const Download = /* @__PURE__ */ fastIcon(LucideDownload)
const Lock = /* @__PURE__ */ fastIcon(LucideLock)
const Mail = /* @__PURE__ */ fastIcon(LucideMail)

/** The login banner of a refused download, shown for 3 s. */
export const CV_LOGIN_BANNER_MS = 3000
export const CV_LOGIN_TITLE = 'Authentification requise'
export const CV_LOGIN_TEXT = 'Veuillez vous connecter pour télécharger le CV.'

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|svg|webp)(\?.*)?$/i

/** How /cv shows the CV: inline image, embedded document, or a sign-in invitation. */
type CvDocument = { kind: 'image'; url: string } | { kind: 'embed'; url: string } | { kind: 'locked' }

export const CV_LOCKED_TITLE = 'CV réservé aux visiteurs connectés'
export const CV_LOCKED_TEXT = 'Connectez-vous pour consulter et télécharger ce document.'

export async function loader({ request }: Route.LoaderArgs) {
  const [cv, user, settings, person] = await Promise.all([
    getCv(),
    getSessionUser(request),
    getSiteSettings(),
    ownerPersonLd(),
  ])
  const url = cv?.url || null
  const loginRequired = !!cv?.settings.requireAuth && !user
  // ADR 007: a document other than an image (a PDF) would be embedded with the browser's
  // own download and print buttons, so a visitor who may not download it does not get it,
  // nor its address.
  const cvFile: CvDocument | null = !url
    ? null
    : cv?.file // ADR 018: an uploaded CV is private; the preview route applies the same rule
      ? loginRequired
        ? { kind: 'locked' }
        : { kind: cv.file.mime.startsWith('image/') ? 'image' : 'embed', url: CV_FILE_PATH }
      : IMAGE_FILE.test(url)
      ? { kind: 'image', url }
      : loginRequired
        ? { kind: 'locked' }
        : { kind: 'embed', url }
  return {
    jsonLd: [person],
    cvFile,
    loginRequired,
    // The signed-in viewer's name or e-mail (so a leaked copy names who took it), else the site name.
    watermark: cv?.settings.addWatermark ? user?.name || user?.email || settings.siteName : null,
    // Set by the download route when it refused the file (no-JavaScript path).
    refused: new URL(request.url).searchParams.get('connexion') === 'requise',
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'CV',
    description: 'Curriculum vitæ : expériences, compétences et formations.',
    path: '/cv',
  })
}

export default function CvPage({ loaderData }: Route.ComponentProps) {
  const { cvFile, loginRequired, watermark, refused, jsonLd } = loaderData
  const [banner, setBanner] = useState(refused)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    if (!banner) return
    timer.current = window.setTimeout(() => setBanner(false), CV_LOGIN_BANNER_MS)
    return () => window.clearTimeout(timer.current)
  }, [banner])

  const onDownload = (e: React.MouseEvent) => {
    if (!loginRequired) return
    e.preventDefault()
    window.clearTimeout(timer.current)
    setBanner(false)
    // Re-arm the 3 s timer even when the banner is already showing.
    window.requestAnimationFrame(() => setBanner(true))
  }

  return (
    <>
      <JsonLdScripts items={jsonLd} />
      <PageHeader eyebrow="Curriculum vitæ" title="Mon CV">
        Parcours, compétences et réalisations en un coup d&apos;œil.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-6">
        <div className="flex flex-wrap gap-4">
          {cvFile ? (
            <a href="/cv/telecharger" onClick={onDownload} className="btn btn-primary" download>
              {loginRequired ? <Lock aria-hidden="true" className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
              Télécharger le CV
            </a>
          ) : null}
          <Link to="/contact" className="btn btn-ghost">
            <Mail aria-hidden="true" className="size-4" />
            Me contacter
          </Link>
        </div>

        {banner ? (
          <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-accent bg-surface p-5">
            <div>
              <p className="font-semibold text-fg">{CV_LOGIN_TITLE}</p>
              <p className="text-fg-2">{CV_LOGIN_TEXT}</p>
            </div>
            <Link to="/login" className="btn btn-primary">
              Se connecter
            </Link>
          </div>
        ) : null}

        <CaptureGuard>
          <div className="cv-protected relative mt-10 overflow-hidden rounded-2xl border border-line bg-white shadow-2xl [animation-range:entry_0%_cover_30%] [animation-timeline:view()] motion-safe:animate-[reveal_1s_linear_both] select-none">
            {!cvFile ? (
              <p className="bg-surface p-10 text-center text-fg-2">Le CV sera bientôt disponible.</p>
            ) : cvFile.kind === 'image' ? (
              <img src={cvFile.url} alt="CV" draggable={false} className="w-full" />
            ) : cvFile.kind === 'embed' ? (
              <iframe src={cvFile.url} title="CV" className="h-[80dvh] w-full" />
            ) : (
              <div className="flex flex-col items-center gap-4 bg-surface px-6 py-16 text-center">
                <Lock aria-hidden="true" className="size-10 text-fg-2" />
                <h2 className="font-display text-2xl font-semibold text-fg">{CV_LOCKED_TITLE}</h2>
                <p className="max-w-md text-fg-2">{CV_LOCKED_TEXT}</p>
                <Link to="/login" className="btn btn-primary">
                  Se connecter
                </Link>
              </div>
            )}
            {watermark && cvFile && cvFile.kind !== 'locked' ? (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 flex flex-wrap content-center justify-center gap-16 overflow-hidden text-3xl font-bold text-black/10 [transform:rotate(-24deg)_scale(1.4)]"
              >
                {Array.from({ length: 12 }, (_, i) => (
                  <span key={i}>{watermark}</span>
                ))}
              </div>
            ) : null}
          </div>
        </CaptureGuard>
      </div>
    </>
  )
}
