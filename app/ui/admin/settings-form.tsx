// Admin › 'Paramètres du Site' (the SiteSettings document and its rules, ADR 004): sections
// general, media, social networks, contact info, advanced, legal pages (ADR 021) and
// maintenance mode.
// Uncontrolled fields with flat names ("contact.email") so the form works without JavaScript.
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { boolField, type FieldErrors } from '#app/domain/common.ts'
import { LEGAL_TEMPLATE_HINT, type LegalKey } from '#app/domain/legal.ts'
import { LEGAL_PAGES } from '#app/domain/routes.ts'
import { SETTINGS_SAVE_FAILED, SettingsSchema } from '#app/domain/settings.ts'
import type { SiteSettings } from '#app/domain/types.ts'
import { Banner } from './banner.tsx'
import { SubmitButton } from './buttons.tsx'
import { CheckboxField, FieldGrid, fieldBinder, TextAreaField, TextField } from './fields.tsx'
import { useSchemaForm } from './use-schema-form.ts'
import { MediaUrlField } from './media-url-field.tsx'
import { SettingsSection } from './settings-section.tsx'

export const SETTINGS_TITLE = 'Paramètres du Site'

const MEDIA_FIELDS = [
  { key: 'logo', label: 'URL du logo', placeholder: 'https://exemple.fr/logo.png' },
  { key: 'favicon', label: 'URL du favicon', placeholder: 'https://exemple.fr/favicon.ico' },
  {
    key: 'metaImage',
    label: "URL de l'image de partage (meta)",
    placeholder: 'https://exemple.fr/partage.jpg',
  },
] as const

const CONTACT_FIELDS: readonly {
  key: keyof SiteSettings['contact']
  label: string
  type?: 'email' | 'tel'
  required?: true
  placeholder?: string
}[] = [
  { key: 'email', label: 'E-mail de contact', type: 'email', required: true },
  { key: 'phone', label: 'Téléphone', type: 'tel', placeholder: '+33 6 12 34 56 78' },
  { key: 'address', label: 'Adresse' },
  { key: 'hours', label: 'Horaires', placeholder: 'Lun.–ven., 9 h – 18 h' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'telegram', label: 'Telegram' },
]

/** Code added to every public page, typed as it is (no spell check). */
const CODE_FIELDS = [
  { key: 'customCss', label: 'CSS personnalisé', hint: 'Ajouté à chaque page publique.' },
  {
    key: 'customJs',
    label: 'JavaScript personnalisé',
    hint: 'Exécuté sur chaque page publique avec les droits du site : ne collez que du code de confiance (voir le README).',
  },
] as const

const SOCIAL_FIELDS = [
  ['facebook', 'Facebook', 'https://facebook.com/votre-page'],
  ['twitter', 'Twitter', 'https://twitter.com/votre-compte'],
  ['instagram', 'Instagram', 'https://instagram.com/votre-compte'],
  ['linkedin', 'LinkedIn', 'https://linkedin.com/in/votre-profil'],
  ['github', 'GitHub', 'https://github.com/votre-compte'],
  ['youtube', 'YouTube', 'https://youtube.com/@votre-chaine'],
] as const

/**
 * `settings` are the stored values (re-read after each save); `values` what was typed
 * before a refused save. The success message is the toast of the save's redirect.
 */
export function SettingsForm({
  settings,
  values,
  errors: serverErrors,
  reload,
  legalTemplates,
}: {
  settings: SiteSettings
  /** The French templates filled with the owner's details, shown while a text is empty. */
  legalTemplates: Record<LegalKey, string>
  values?: Record<string, unknown>
  errors?: FieldErrors
  /** The 'Actualiser' control (a link re-running the loader). */
  reload: ReactNode
}) {
  const { errors, onSubmit } = useSchemaForm(SettingsSchema, serverErrors)
  const failed = serverErrors !== undefined || Object.keys(errors).length > 0
  const field = fieldBinder(values, errors)
  const maintenanceOn =
    values !== undefined ? boolField.parse(values.maintenanceMode) : settings.maintenanceMode

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 bg-zinc-50/95 py-2">
        <h2 className="text-xl font-semibold text-zinc-900">{SETTINGS_TITLE}</h2>
        <div className="flex min-w-0 flex-wrap gap-2">
          {reload}
          <SubmitButton intent="save" pendingLabel="Enregistrement...">
            Enregistrer
          </SubmitButton>
        </div>
      </div>

      {failed ? <Banner kind="error">{SETTINGS_SAVE_FAILED}</Banner> : null}

      <SettingsSection as="fieldset" headingId="settings-general" title="Général">
        <FieldGrid>
          <TextField {...field('siteName', settings.siteName)} label="Nom du site" required />
          <TextField
            {...field('keywords', settings.keywords.join(', '))}
            label="Mots-clés"
            hint="Séparés par des virgules"
            placeholder="portfolio, design, développement"
          />
          {/* Over a project's tags, in its form and on its page (ADR 092). */}
          <TextField
            {...field('projectTagsLabel', settings.projectTagsLabel)}
            label="Libellé des tags des projets"
            hint="Vide : « Tags » (par exemple « Technologies » ou « Savoir-faire »)"
          />
        </FieldGrid>
        <div className="mt-4">
          <TextAreaField
            {...field('siteDescription', settings.siteDescription)}
            label="Description du site"
            required
            rows={3}
          />
        </div>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-media" title="Médias">
        <FieldGrid>
          {MEDIA_FIELDS.map(({ key, ...props }) => (
            <MediaUrlField key={key} kind="image" {...field(key, settings[key])} {...props} />
          ))}
        </FieldGrid>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-social" title="Réseaux sociaux">
        <FieldGrid>
          {SOCIAL_FIELDS.map(([key, label, placeholder]) => (
            <TextField
              key={key}
              {...field(`socialMedia.${key}`, settings.socialMedia[key])}
              label={label}
              type="url"
              placeholder={placeholder}
            />
          ))}
        </FieldGrid>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-contact" title="Informations de contact">
        <FieldGrid>
          {CONTACT_FIELDS.map(({ key, ...props }) => (
            <TextField key={key} {...field(`contact.${key}`, settings.contact[key])} {...props} />
          ))}
        </FieldGrid>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-advanced" title="Avancé">
        <div className="flex flex-col gap-4">
          <TextField
            {...field('googleAnalyticsId', settings.googleAnalyticsId)}
            label="Identifiant Google Analytics"
            placeholder="G-XXXXXXXXXX"
            hint="Le script de mesure n'est chargé sur les pages publiques qu'après l'accord du visiteur (bandeau « Accepter » / « Refuser »)."
          />
          {CODE_FIELDS.map(({ key, ...props }) => (
            <TextAreaField
              key={key}
              {...field(key, settings[key])}
              rows={5}
              spellCheck={false}
              {...props}
            />
          ))}
        </div>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-legal" title="Pages légales">
        <p className="mb-4 text-sm text-zinc-600">{LEGAL_TEMPLATE_HINT}</p>
        <div className="flex flex-col gap-4">
          {(Object.keys(LEGAL_PAGES) as LegalKey[]).map((key) => (
            <TextAreaField
              key={key}
              {...field(`legal.${key}`, settings.legal?.[key]?.trim() || legalTemplates[key])}
              label={LEGAL_PAGES[key].title}
              rows={10}
              hint={`Page publique : ${LEGAL_PAGES[key].path}`}
            />
          ))}
        </div>
      </SettingsSection>

      <SettingsSection as="fieldset" headingId="settings-maintenance" title="Mode maintenance">
        <div className="flex flex-col gap-4">
          {/* Unchecked boxes post nothing: the hidden "false" makes the choice explicit. */}
          <input type="hidden" name="maintenanceMode" value="false" />
          <CheckboxField
            name="maintenanceMode"
            label="Activer le mode maintenance"
            defaultChecked={maintenanceOn}
            hint="Les visiteurs voient une page de maintenance (HTTP 503) ; la connexion, l'administration et les administrateurs connectés ne sont pas bloqués."
          />
          <TextAreaField
            {...field('maintenanceMessage', settings.maintenanceMessage)}
            label="Message de maintenance"
            rows={3}
          />
        </div>
      </SettingsSection>
    </Form>
  )
}
