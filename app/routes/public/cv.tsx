import { useEffect, useRef, useState } from 'react'
import { Link } from '#app/ui/link.tsx'
import { Download, Lock, Mail } from 'lucide-react'
import type { Route } from './+types/cv'
import { requestLocale } from '#app/domain/i18n/locale.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'
import { useT } from '#app/ui/i18n.tsx'
import { Form } from 'react-router'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { cvAccess, requestEmailVerification } from '#app/server/auth/cv-access.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { ownerPersonLd } from '#app/server/content/structured-data.server.ts'
import { CaptureGuard } from '#app/ui/public/capture-guard.tsx'
import { JsonLdScripts } from '#app/ui/public/json-ld.tsx'
import { SectionHeader, sectionMeta } from '#app/ui/public/page-header.tsx'

/** The login banner of a refused download, shown for 3 s. */
export const CV_LOGIN_BANNER_MS = 3000

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|svg|webp)(\?.*)?$/i

/** How /cv shows the CV: inline image, embedded document, or a sign-in invitation. */
type CvDocument =
  { kind: 'image'; url: string } | { kind: 'embed'; url: string } | { kind: 'locked' }

/** A signed-in account the owner's setting keeps from the CV (ADR 018 amendment). */
type Refusal = 'unverified' | 'unapproved'

/** The CV page's notices, in the page's language (ADR 074). */
const NOTICES = {
  locked: 'cv:lockedText',
  verificationSent: 'cv:verificationSent',
  verified: 'cv:verified',
  verificationFailed: 'cv:verificationFailed',
  tooManyAttempts: 'cv:tooManyAttempts',
} as const satisfies Record<string, MessageKey>

export async function loader({ request }: Route.LoaderArgs) {
  const [cv, user, settings, person] = await Promise.all([
    getCv(),
    getSessionUser(request),
    getSiteSettings(),
    ownerPersonLd(requestLocale(request)),
  ])
  const url = cv?.url || null
  const access = cv ? await cvAccess(cv.settings, user) : 'allowed'
  const loginRequired = access === 'login'
  const refusal: Refusal | null = access === 'unverified' || access === 'unapproved' ? access : null
  const query = new URL(request.url).searchParams
  // ADR 007: a document other than an image (a PDF) would be embedded with the browser's
  // own download and print buttons, so a visitor who may not download it does not get it,
  // nor its address.
  const cvFile: CvDocument | null = !url
    ? null
    : cv?.file // ADR 018: an uploaded CV is private; the preview route applies the same rule
      ? loginRequired || refusal
        ? { kind: 'locked' }
        : { kind: cv.file.mime.startsWith('image/') ? 'image' : 'embed', url: CV_FILE_PATH }
      : IMAGE_FILE.test(url)
        ? { kind: 'image', url }
        : loginRequired || refusal
          ? { kind: 'locked' }
          : { kind: 'embed', url }
  return {
    jsonLd: [person],
    cvFile,
    loginRequired,
    // The signed-in viewer's name or e-mail (so a leaked copy names who took it), else the site name.
    watermark: cv?.settings.addWatermark ? user?.name || user?.email || settings.siteName : null,
    // Set by the download route when it refused the file (no-JavaScript path).
    refused: query.get('connexion') === 'requise',
    refusal,
    // Where the e-mail verification link ends (Better Auth appends `error` on failure).
    verification: query.has('error')
      ? ('failed' as const)
      : query.get('verification') === 'ok'
        ? ('ok' as const)
        : null,
  }
}

/** 'Recevoir un lien de vérification' (ADR 018 amendment): for a signed-in account only. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request)
  if (!user) return { notice: 'locked' as const }
  const outcome = await requestEmailVerification(request, user)
  return {
    notice:
      outcome === 'sent'
        ? ('verificationSent' as const)
        : outcome === 'verified'
          ? ('verified' as const)
          : ('tooManyAttempts' as const),
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, '/cv', { title: 'nav:cv', description: 'cv:description' })
}

export default function CvPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cvFile, loginRequired, watermark, refused, jsonLd, refusal, verification } = loaderData
  const tr = useT()
  const noticeKey =
    actionData?.notice ??
    (verification === 'ok' ? 'verified' : verification === 'failed' ? 'verificationFailed' : null)
  const notice = noticeKey ? tr(NOTICES[noticeKey]) : null
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
      <SectionHeader eyebrow="cv:eyebrow" title="cv:title" intro="cv:intro" />
      <div className="mx-auto max-w-4xl px-6">
        <div className="flex flex-wrap gap-4">
          {cvFile ? (
            <a href="/cv/telecharger" onClick={onDownload} className="btn btn-primary" download>
              {loginRequired ? (
                <Lock aria-hidden="true" className="size-4" />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              {tr('cv:download')}
            </a>
          ) : null}
          <Link to="/contact" className="btn btn-ghost">
            <Mail aria-hidden="true" className="size-4" />
            {tr('cv:contact')}
          </Link>
        </div>

        {notice ? (
          <p role="status" className="mt-6 rounded-2xl border border-line bg-surface p-5 text-fg">
            {notice}
          </p>
        ) : null}

        {banner ? (
          <div
            role="alert"
            className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-accent bg-surface p-5"
          >
            <div>
              <p className="font-semibold text-fg">{tr('cv:loginTitle')}</p>
              <p className="text-fg-2">{tr('cv:loginText')}</p>
            </div>
            <Link to="/login" className="btn btn-primary">
              {tr('cv:signIn')}
            </Link>
          </div>
        ) : null}

        <CaptureGuard>
          <div className="cv-protected relative mt-10 overflow-hidden rounded-2xl border border-line bg-white shadow-2xl [animation-range:entry_0%_cover_30%] [animation-timeline:view()] motion-safe:animate-[reveal_1s_linear_both] select-none">
            {!cvFile ? (
              <p className="bg-surface p-10 text-center text-fg-2">{tr('cv:soon')}</p>
            ) : cvFile.kind === 'image' ? (
              <img src={cvFile.url} alt="CV" draggable={false} className="w-full" />
            ) : cvFile.kind === 'embed' ? (
              <iframe src={cvFile.url} title="CV" className="h-[80dvh] w-full" />
            ) : (
              <div className="flex flex-col items-center gap-4 bg-surface px-6 py-16 text-center">
                <Lock aria-hidden="true" className="size-10 text-fg-2" />
                <h2 className="font-display text-2xl font-semibold text-fg">
                  {tr('cv:lockedTitle')}
                </h2>
                {refusal ? (
                  <>
                    <p className="max-w-md text-fg-2">{tr(`cv:${refusal}`)}</p>
                    {refusal === 'unverified' ? (
                      <Form method="post">
                        <button type="submit" className="btn btn-primary">
                          {tr('cv:sendVerification')}
                        </button>
                      </Form>
                    ) : null}
                  </>
                ) : (
                  <>
                    <p className="max-w-md text-fg-2">{tr('cv:lockedText')}</p>
                    <Link to="/login" className="btn btn-primary">
                      {tr('cv:signIn')}
                    </Link>
                  </>
                )}
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
