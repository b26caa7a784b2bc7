// Admin › 'Paramètres du Site': saved by merging over the stored settings, then re-read, with
// French banners. The settings drive the public site (head, chrome, footer, contact page, custom
// CSS/JS, analytics, maintenance mode). A save redirects with the success toast;
// a refused save stays on the form with the failure banner and the typed values.
import { useActionData, useLoaderData, useLocation } from 'react-router'
import { ArrowLeftRight, Mail, RefreshCw } from 'lucide-react'
import { legalTemplate, type LegalKey } from '#app/domain/legal.ts'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED } from '#app/domain/settings.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import {
  readAdminForm,
  unknownIntent,
  withValidation,
} from '#app/server/admin/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { getLegalFacts } from '#app/server/content/legal.server.ts'
import { getSiteSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { ButtonLink } from '#app/ui/admin/buttons.tsx'
import { SettingsForm } from '#app/ui/admin/settings-form.tsx'
import type { Route } from './+types/settings'
import { saveDocumentTranslation } from '#app/server/admin/translation-admin.server.ts'
import { getTranslation } from '#app/server/repositories/translations.server.ts'
import {
  ENGLISH_PARAM,
  TranslationLink,
  TranslationPanel,
} from '#app/ui/admin/translation-panel.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const keys = Object.keys(LEGAL_PAGES) as LegalKey[]
  const [settings, facts, englishSettings, ...englishLegal] = await Promise.all([
    getSiteSettings(),
    getLegalFacts(),
    getTranslation('settings', 'settings'),
    ...keys.map((key) => getTranslation('legal', key)),
  ])
  const legalTemplates = Object.fromEntries(
    keys.map((key) => [key, legalTemplate(key, facts)]),
  ) as Record<LegalKey, string>
  // No invented address (ADR 021): before one is saved, the form proposes the owner's own.
  const contactEmail = settings.contact.email || facts.email || admin.email
  return {
    settings: { ...settings, contact: { ...settings.contact, email: contactEmail } },
    legalTemplates,
    // The English versions (ADR 075): the site's name and description, the legal pages.
    english: {
      settings: englishSettings ?? null,
      legal: Object.fromEntries(keys.map((key, i) => [key, englishLegal[i] ?? null])),
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { intent, id, values: posted } = await readAdminForm(request)
  if (intent === 'translate') {
    const legal = (Object.keys(LEGAL_PAGES) as LegalKey[]).find((key) => key === id)
    const settings = await getSiteSettings()
    if (posted.entity === 'legal' && legal) {
      return saveDocumentTranslation(
        request,
        admin,
        {
          entity: 'legal',
          id: legal,
          resourceType: 'settings',
          name: LEGAL_PAGES[legal].title,
          back: '/admin/settings?langue=en',
        },
        posted,
      )
    }
    if (posted.entity === 'settings' && id === 'settings') {
      return saveDocumentTranslation(
        request,
        admin,
        {
          entity: 'settings',
          id: 'settings',
          resourceType: 'settings',
          name: settings.siteName,
          back: '/admin/settings?langue=en',
          french: settings,
        },
        posted,
      )
    }
    return unknownIntent(intent)
  }
  if (intent !== 'save') return unknownIntent(intent)
  // A legal text left as the template is stored empty, so the page keeps following the
  // owner's name and contact details when they change (ADR 021).
  const values = untouchedTemplatesCleared(posted, await getLegalFacts())
  return withValidation(
    values,
    async () => {
      // Merged over the stored settings, validated whole, written, then re-read.
      const settings = await updateSettings(values)
      await recordActivity(request, {
        actor: admin,
        action: 'update',
        resourceType: 'settings',
        resourceName: settings.siteName,
        details: settings.maintenanceMode
          ? 'Paramètres du site mis à jour (mode maintenance activé)'
          : 'Paramètres du site mis à jour',
      })
      // Re-read on the redirected GET ("then re-read").
      return redirectWithToast('/admin/settings', { kind: 'success', message: SETTINGS_SAVED })
    },
    SETTINGS_SAVE_FAILED,
  )
}

function untouchedTemplatesCleared(
  values: Record<string, unknown>,
  facts: Awaited<ReturnType<typeof getLegalFacts>>,
): Record<string, unknown> {
  const out = { ...values }
  for (const key of Object.keys(LEGAL_PAGES) as LegalKey[]) {
    const value = out[`legal.${key}`]
    if (typeof value === 'string' && sameText(value, legalTemplate(key, facts))) {
      out[`legal.${key}`] = ''
    }
  }
  return out
}

const sameText = (a: string, b: string) =>
  a.replace(/\r\n?/g, '\n').trim() === b.replace(/\r\n?/g, '\n').trim()

export function meta() {
  return [{ title: 'Paramètres — Administration du Portfolio' }]
}

export default function SettingsTab() {
  const { settings, legalTemplates, english } = useLoaderData<typeof loader>()
  // Only a refused save answers with data (a save redirects).
  const posted = useActionData<typeof action>()
  const englishFailure =
    posted && Object.keys(posted.values ?? {}).some((k) => k.startsWith('en.')) ? posted : undefined
  const failure = englishFailure ? undefined : posted
  const location = useLocation()
  // `?langue=en`: the English site's name, description and legal pages (ADR 075).
  if (new URLSearchParams(location.search).get(ENGLISH_PARAM) === 'en') {
    return (
      <>
        <TranslationPanel
          entity="settings"
          id="settings"
          data={english.settings ?? undefined}
          failure={englishFailure?.values.entity === 'settings' ? englishFailure : undefined}
          title="Version anglaise du site"
          reference={{ siteName: settings.siteName, siteDescription: settings.siteDescription }}
          back="/admin/settings"
        />
        {(Object.keys(LEGAL_PAGES) as LegalKey[]).map((key) => (
          <TranslationPanel
            key={key}
            entity="legal"
            id={key}
            data={english.legal[key] ?? undefined}
            failure={
              englishFailure?.values.entity === 'legal' && englishFailure.values.id === key
                ? englishFailure
                : undefined
            }
            title={`Version anglaise — ${LEGAL_PAGES[key].title}`}
            reference={{ text: settings.legal?.[key] || legalTemplates[key] }}
          />
        ))}
      </>
    )
  }
  return (
    <>
      <SettingsForm
        // A new location (save, refused save, 'Actualiser') re-reads the fields.
        key={location.key}
        settings={settings}
        legalTemplates={legalTemplates}
        values={failure?.values}
        errors={failure?.fieldErrors}
        reload={
          <>
            {/* Paramètres › E-mails (ADR 019). */}
            <ButtonLink to="/admin/settings/emails" variant="secondary">
              <Mail className="h-4 w-4" aria-hidden="true" />
              E-mails
            </ButtonLink>
            {/* Paramètres › Importer / Exporter (ADR 066). */}
            <ButtonLink to="/admin/settings/transfer" variant="secondary">
              <ArrowLeftRight className="h-4 w-4" aria-hidden="true" />
              Importer / Exporter
            </ButtonLink>
            <ButtonLink to={location.pathname} variant="secondary" aria-label="Actualiser">
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              Actualiser
            </ButtonLink>
          </>
        }
      />
      <TranslationLink
        entity="settings"
        data={english.settings ?? undefined}
        href={`?${ENGLISH_PARAM}=en`}
      />
    </>
  )
}
