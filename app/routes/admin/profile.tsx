// Admin tab "Mon Profil": name, title, e-mail and bio required, the rest optional; saved
// by overwrite (the whole profile is written at once).
import { Form } from 'react-router'
import type { FormFailure } from '#app/domain/admin-collection.ts'
import type { Route } from './+types/profile'
import { ProfileSchema } from '#app/domain/profile.ts'
import type { Profile } from '#app/domain/types.ts'
import {
  readAdminForm,
  unknownIntent,
  withValidation,
} from '#app/server/admin/admin-actions.server.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { getProfile, saveProfile } from '#app/server/repositories/profile.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { dropDemoLookOnceNamed } from '#app/server/demo/identity.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { FormErrorSummary } from '#app/ui/admin/banner.tsx'
import { SubmitButton } from '#app/ui/admin/buttons.tsx'
import { FieldGrid, initialValue, TextAreaField, TextField } from '#app/ui/admin/fields.tsx'
import { FormActions } from '#app/ui/admin/list.tsx'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import { useSchemaForm } from '#app/ui/admin/use-schema-form.ts'
import { MediaUrlField } from '#app/ui/admin/media-url-field.tsx'
import { useSearchParams } from 'react-router'
import {
  ENGLISH_PARAM,
  StaleTranslation,
  TranslationLink,
  TranslationPanel,
} from '#app/ui/admin/translation-panel.tsx'
import { saveDocumentTranslation } from '#app/server/admin/translation-admin.server.ts'
import { getTranslation, staleTranslationOf } from '#app/server/repositories/translations.server.ts'

const PROFILE_SAVED = 'Profil mis à jour avec succès'
const PROFILE_SAVE_FAILED = 'Erreur lors de la mise à jour du profil'

export function meta() {
  return [{ title: 'Mon Profil — Administration du Portfolio' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const [profile, english] = await Promise.all([getProfile(), getTranslation('profile', 'profile')])
  // The English title and bio to review since the French ones changed (ADR 094).
  const stale = profile ? await staleTranslationOf('profile', 'profile', profile) : []
  return { profile: profile ?? null, english: english ?? null, stale }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  // The English title and bio, beside the French ones (ADR 075).
  if (form.intent === 'translate') {
    const profile = await getProfile()
    return saveDocumentTranslation(
      request,
      admin,
      {
        entity: 'profile',
        id: 'profile',
        resourceType: 'profile',
        name: profile?.name ?? 'Profil',
        back: '/admin/profile?langue=en',
        french: profile ?? {},
      },
      form.values,
    )
  }
  if (form.intent !== 'save') return unknownIntent(form.intent)
  return withValidation(
    form.values,
    async () => {
      const profile = await saveProfile(form.values)
      await dropDemoLookOnceNamed(getDb())
      await recordActivity(request, {
        actor: admin,
        action: 'update',
        resourceType: 'profile',
        resourceId: 'main',
        resourceName: profile.name,
      })
      return redirectWithToast('/admin/profile', { kind: 'success', message: PROFILE_SAVED })
    },
    // Saving shows a success or an error banner.
    PROFILE_SAVE_FAILED,
  )
}

const FIELDS: {
  name: keyof Profile
  label: string
  type?: string
  required?: boolean
  placeholder?: string
}[] = [
  { name: 'name', label: 'Nom', required: true },
  {
    name: 'title',
    label: 'Titre',
    required: true,
    placeholder: 'Product Manager & Développeur Web',
  },
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'phone', label: 'Téléphone', type: 'tel', placeholder: '+33 6 12 34 56 78' },
  { name: 'location', label: 'Localisation', placeholder: 'Paris, France' },
  { name: 'website', label: 'Site web', type: 'url', placeholder: 'https://exemple.fr' },
  { name: 'github', label: 'GitHub', type: 'url', placeholder: 'https://github.com/votre-profil' },
  {
    name: 'linkedin',
    label: 'LinkedIn',
    type: 'url',
    placeholder: 'https://www.linkedin.com/in/votre-profil',
  },
  {
    name: 'twitter',
    label: 'Twitter',
    type: 'url',
    placeholder: 'https://twitter.com/votre-profil',
  },
  { name: 'avatar', label: 'Avatar (URL)', type: 'url' },
]

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const { profile, english, stale } = loaderData
  // `?langue=en`: the English title and bio, the French ones beside them (ADR 075).
  if (profile && searchParams.get(ENGLISH_PARAM) === 'en') {
    return (
      <TranslationPanel
        key={JSON.stringify(english ?? {})}
        entity="profile"
        id="profile"
        data={english ?? undefined}
        failure={actionData}
        reference={profile as unknown as Record<string, unknown>}
        back="/admin/profile"
        stale={stale}
      />
    )
  }
  return (
    <>
      <ProfileForm profile={profile} failure={actionData} />
      {profile ? (
        <TranslationLink
          entity="profile"
          data={english ?? undefined}
          href={`?${ENGLISH_PARAM}=en`}
        />
      ) : null}
      <StaleTranslation stale={stale.length > 0} />
    </>
  )
}

function ProfileForm({
  profile,
  failure,
}: {
  profile: Profile | null
  failure: FormFailure | undefined
}) {
  const { errors, onSubmit } = useSchemaForm(ProfileSchema, failure?.fieldErrors)
  const typed = failure?.values
  return (
    <section>
      <TabHeader title="Mon Profil" />
      <FormErrorSummary errors={errors} formError={failure?.formError} />
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6"
      >
        <FieldGrid>
          {FIELDS.map((field) =>
            field.name === 'avatar' ? (
              <MediaUrlField
                key={field.name}
                kind="image"
                name={field.name}
                label={field.label}
                defaultValue={String(initialValue(typed, field.name, profile?.[field.name]) ?? '')}
                error={errors[field.name]}
              />
            ) : (
              <TextField
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type ?? 'text'}
                required={field.required}
                placeholder={field.placeholder}
                defaultValue={initialValue(typed, field.name, profile?.[field.name])}
                error={errors[field.name]}
              />
            ),
          )}
        </FieldGrid>
        <TextAreaField
          name="bio"
          label="Biographie"
          required
          rows={6}
          defaultValue={initialValue(typed, 'bio', profile?.bio)}
          error={errors.bio}
        />
        <FormActions>
          <SubmitButton intent="save" pendingLabel="Enregistrement…">
            Enregistrer
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
