// Admin tab "Gestion du CV" (ADR 018): the URL form with its success and failure
// banners and 'Protection du CV' (requireAuth, addWatermark, trackDownloads) saved as a
// partial update. The public CV page and /cv/telecharger apply the three settings.
import { Form } from 'react-router'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import type { Route } from './+types/cv'
import {
  CV_AUDIENCE_LABELS,
  CV_AUDIENCE_LEGEND,
  CV_AUDIENCES,
  CV_SETTING_LABELS,
  CvUrlSchema,
  optionalCheckbox,
} from '#app/domain/cv.ts'
import type { Cv, CvSettings } from '#app/domain/types.ts'
import {
  formFailure,
  readAdminForm,
  unknownIntent,
} from '#app/server/admin/admin-actions.server.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { getCv, updateCvSettings, updateCvUrl } from '#app/server/repositories/cv.server.ts'
import {
  listCvApprovals,
  setCvApproval,
  type CvApprovalEntry,
} from '#app/server/auth/cv-access.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { Banner, FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { CheckboxField, TextField } from '#app/ui/admin/fields.tsx'
import { CvUpload } from '#app/ui/admin/cv-upload.tsx'
import { FormActions } from '#app/ui/admin/list.tsx'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'

// The banner of a saved CV URL.
const CV_URL_SAVED = 'URL du CV mise à jour avec succès'
const CV_URL_FAILED = "Erreur lors de la mise à jour de l'URL"
const CV_SETTINGS_SAVED = 'Protection du CV mise à jour avec succès'
const CV_SETTINGS_FAILED = 'Erreur lors de la mise à jour de la protection du CV'
// ADR 018 amendment: the accounts the owner approved.
const CV_APPROVAL_SAVED = 'Autorisation de téléchargement du CV mise à jour'
const CV_APPROVAL_FAILED = "Erreur lors de la mise à jour de l'autorisation"

const SETTING_KEYS = [
  'requireAuth',
  'addWatermark',
  'trackDownloads',
] as const satisfies readonly (keyof CvSettings)[]

export function meta() {
  return [{ title: 'CV — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const cv = (await getCv()) ?? null
  return {
    cv,
    // Listed only while the CV is kept for approved accounts.
    approvals: cv?.settings.audience === 'approved' ? await listCvApprovals() : [],
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  // Every intent updates the one CV; only the activity's details differ.
  const recordCvUpdate = (details: string) =>
    recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'cv',
      resourceId: 'main',
      resourceName: 'CV',
      details,
    })
  try {
    if (form.intent === 'url') {
      const cv = await updateCvUrl(form.values.url)
      await recordCvUpdate(`URL : ${cv.url}`)
      return redirectWithToast('/admin/cv', { kind: 'success', message: CV_URL_SAVED })
    }
    if (form.intent === 'settings') {
      if (!(await getCv())?.url) {
        return formFailure({}, form.values, "Enregistrez d'abord l'URL du CV.")
      }
      const cv = await updateCvSettings(form.values)
      await recordCvUpdate(
        [
          ...SETTING_KEYS.map((k) => `${CV_SETTING_LABELS[k]} : ${cv.settings[k] ? 'oui' : 'non'}`),
          `${CV_AUDIENCE_LEGEND} : ${CV_AUDIENCE_LABELS[cv.settings.audience ?? 'any']}`,
        ].join(' ; '),
      )
      return redirectWithToast('/admin/cv', { kind: 'success', message: CV_SETTINGS_SAVED })
    }
    if (form.intent === 'approval') {
      const approved = optionalCheckbox.safeParse(form.values.approved)
      if (!approved.success || approved.data === undefined) {
        return formFailure({}, form.values, CV_APPROVAL_FAILED)
      }
      const { email } = await setCvApproval(form.values.userId, approved.data, admin.id)
      await recordCvUpdate(
        `${approved.data ? 'Téléchargement du CV autorisé' : 'Téléchargement du CV retiré'} : ${email}`,
      )
      return redirectWithToast('/admin/cv', { kind: 'success', message: CV_APPROVAL_SAVED })
    }
  } catch (error) {
    if (error instanceof ValidationError) {
      const message =
        form.intent === 'url'
          ? CV_URL_FAILED
          : form.intent === 'approval'
            ? CV_APPROVAL_FAILED
            : CV_SETTINGS_FAILED
      return formFailure(error.fieldErrors, { ...form.values, intent: form.intent }, message)
    }
    throw error
  }
  return unknownIntent(form.intent)
}

export default function CvTab({ loaderData, actionData }: Route.ComponentProps) {
  const { cv, approvals } = loaderData
  const failedIntent = actionData?.values.intent
  return (
    <section className="flex flex-col gap-8">
      <TabHeader title="Gestion du CV" />
      <CvUpload current={cv?.file ?? null} />
      <CvUrlForm cv={cv} failure={failedIntent === 'url' ? actionData : undefined} />
      <CvProtection cv={cv} failure={failedIntent === 'url' ? undefined : actionData} />
      {cv?.settings.requireAuth && cv.settings.audience === 'approved' ? (
        <CvApprovals approvals={approvals} />
      ) : null}
    </section>
  )
}

function CvUrlForm({ cv, failure }: { cv: Cv | null; failure: FormFailure | undefined }) {
  const { errors, onSubmit } = useSchemaForm(CvUrlSchema, failure?.fieldErrors)
  const typed = failure?.values
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-6">
      <h3 className="mb-4 text-lg font-semibold text-zinc-900">URL du CV</h3>
      <FormErrorSummary
        errors={errors}
        // Leaves with the field errors it sums up, once the URL is fixed.
        formError={
          Object.keys(errors).length > 0 ? (failure?.formError ?? CV_URL_FAILED) : undefined
        }
      />
      <Form method="post" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="url" />
        <TextField
          name="url"
          label="URL du CV (PDF ou image)"
          type="url"
          required
          placeholder="https://exemple.fr/cv.pdf"
          defaultValue={typed ? String(typed.url ?? '') : (cv?.url ?? '')}
          error={errors.url}
        />
        {cv?.url ? (
          <p className="mt-2 text-sm text-zinc-600">
            CV actuel :{' '}
            <a href={cv.url} className="text-violet-700 underline" target="_blank" rel="noreferrer">
              {cv.url}
            </a>
          </p>
        ) : null}
        <FormActions>
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer l'URL</SubmitButton>
        </FormActions>
      </Form>
    </div>
  )
}

function CvProtection({ cv, failure }: { cv: Cv | null; failure: FormFailure | undefined }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-6">
      <h3 className="mb-4 text-lg font-semibold text-zinc-900">Protection du CV</h3>
      {failure?.formError ? (
        <div className="mb-4">
          <Banner kind="error">{failure.formError}</Banner>
        </div>
      ) : null}
      {cv?.url ? (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="settings" />
          {SETTING_KEYS.map((key) => (
            <div key={key}>
              {/* An unticked box is absent from the form: the hidden "false" makes it arrive. */}
              <input type="hidden" name={key} value="false" />
              <CheckboxField
                name={key}
                label={CV_SETTING_LABELS[key]}
                defaultChecked={cv.settings[key]}
              />
            </div>
          ))}
          <fieldset className="mt-2 flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-zinc-800">{CV_AUDIENCE_LEGEND}</legend>
            {CV_AUDIENCES.map((audience) => (
              <label key={audience} className="flex items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name="audience"
                  value={audience}
                  defaultChecked={(cv.settings.audience ?? 'any') === audience}
                  className="h-4 w-4 accent-violet-600"
                />
                {CV_AUDIENCE_LABELS[audience]}
              </label>
            ))}
          </fieldset>
          <FormActions>
            <SubmitButton pendingLabel="Enregistrement…">Enregistrer la protection</SubmitButton>
          </FormActions>
        </Form>
      ) : (
        <p className="text-sm text-zinc-600">
          Enregistrez d'abord l'URL du CV : la protection s'applique ensuite (connexion requise et
          suivi des téléchargements activés par défaut).
        </p>
      )}
    </div>
  )
}

/** ADR 018 amendment: one toggle per account (admins always may download). */
function CvApprovals({ approvals }: { approvals: CvApprovalEntry[] }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-6">
      <h3 className="mb-4 text-lg font-semibold text-zinc-900">Comptes approuvés</h3>
      {approvals.length === 0 ? (
        <p className="text-sm text-zinc-600">Aucun compte à approuver pour l'instant.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100">
          {approvals.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="text-sm text-zinc-800">
                {entry.name ? `${entry.name} — ` : ''}
                {entry.email}
                {entry.emailVerified ? ' (adresse vérifiée)' : ''}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="approval" />
                <input type="hidden" name="userId" value={entry.id} />
                <input type="hidden" name="approved" value={entry.approved ? 'false' : 'true'} />
                <SubmitButton pendingLabel="Enregistrement…">
                  {entry.approved
                    ? `Retirer l'accès de ${entry.email}`
                    : `Approuver ${entry.email}`}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
