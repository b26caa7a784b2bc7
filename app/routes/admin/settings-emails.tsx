// Admin › Paramètres › E-mails (ADR 019): whether e-mail is configured,
// the new-message alert settings, a test send, and the outbox with status, error and retry.
import { useActionData, useLoaderData } from 'react-router'
import { toFieldErrors } from '#app/domain/common.ts'
import { MAIL_TEXTS, MailSettingsSchema, TestMailSchema } from '#app/domain/mail.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import {
  formFailure,
  listUrlOf,
  readAdminForm,
  unknownIntent,
} from '#app/server/admin/admin-actions.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { activeMailConfig } from '#app/server/mail/config.server.ts'
import {
  getMailSettings,
  isMailConfigured,
  queueTestEmail,
  saveMailSettings,
} from '#app/server/mail/mail.server.ts'
import { getOutboxRow, listOutbox, retryEmail } from '#app/server/mail/outbox.server.ts'
import { kickMailWorker } from '#app/server/mail/worker.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { Banner } from '#app/ui/admin/banner.tsx'
import { SettingsPageHeader } from '#app/ui/admin/settings-page-header.tsx'
import {
  AlertSettingsForm,
  MAIL_SETTINGS_TITLE,
  MailConfigState,
  OutboxList,
  TestSendForm,
} from '#app/ui/admin/mail-outbox.tsx'
import type { Route } from './+types/settings-emails'

const HERE = '/admin/settings/emails'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const page = Number(new URL(request.url).searchParams.get('page')) || 1
  const config = activeMailConfig()
  const [settings, site, outbox] = await Promise.all([
    getMailSettings(),
    getSiteSettings(),
    listOutbox({ page, pageSize: 20 }),
  ])
  return {
    server: config?.server,
    from: config
      ? config.from.name
        ? `${config.from.name} <${config.from.address}>`
        : config.from.address
      : undefined,
    settings,
    contactEmail: site.contact.email,
    adminEmail: admin.email,
    outbox,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { intent, id, values } = await readAdminForm(request)
  const activity = { actor: admin, resourceType: 'settings' as const }
  switch (intent) {
    case 'save-settings': {
      const parsed = MailSettingsSchema.safeParse(values)
      if (!parsed.success)
        return formFailure(toFieldErrors(parsed.error), values, MAIL_TEXTS.settingsFailed)
      await saveMailSettings(parsed.data)
      await recordActivity(request, {
        ...activity,
        action: 'update',
        resourceName: 'E-mails',
        details: parsed.data.alertsEnabled
          ? 'Alertes de nouveaux messages activées'
          : 'Alertes de nouveaux messages désactivées',
      })
      return redirectWithToast(HERE, { kind: 'success', message: MAIL_TEXTS.settingsSaved })
    }
    case 'test': {
      const parsed = TestMailSchema.safeParse(values)
      if (!parsed.success) return formFailure(toFieldErrors(parsed.error), values)
      await queueTestEmail(parsed.data.to)
      kickMailWorker()
      await recordActivity(request, {
        ...activity,
        action: 'create',
        resourceName: 'E-mails',
        details: `E-mail d'essai vers ${parsed.data.to}`,
      })
      return redirectWithToast(HERE, {
        kind: isMailConfigured() ? 'success' : 'error',
        message: isMailConfigured() ? MAIL_TEXTS.testQueued : MAIL_TEXTS.notConfigured,
      })
    }
    case 'retry': {
      const row = id ? await getOutboxRow(id) : undefined
      if (!row || !(await retryEmail(row.id, isMailConfigured())))
        return formFailure({}, values, "Cet e-mail n'est pas en échec.")
      kickMailWorker()
      await recordActivity(request, {
        ...activity,
        action: 'update',
        resourceName: 'E-mails',
        details: `Nouvel essai d'envoi : ${row.subject}`,
      })
      // Back to the page of the list it was on.
      return redirectWithToast(listUrlOf(request, HERE, ['page']), {
        kind: 'success',
        message: MAIL_TEXTS.retried,
      })
    }
  }
  return unknownIntent(intent)
}

export function meta() {
  return [{ title: 'Paramètres › E-mails — Administration du Portfolio' }]
}

export default function MailSettingsPage() {
  const data = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const errors = failure && 'fieldErrors' in failure ? failure.fieldErrors : undefined
  const values = failure && 'values' in failure ? failure.values : undefined
  const savingSettings = values !== undefined && 'alertsEnabled' in values
  return (
    <div className="flex flex-col gap-6">
      <SettingsPageHeader title={MAIL_SETTINGS_TITLE} />
      {failure && 'formError' in failure && failure.formError ? (
        <Banner kind="error">{failure.formError}</Banner>
      ) : null}
      <MailConfigState server={data.server} from={data.from} />
      <AlertSettingsForm
        settings={data.settings}
        contactEmail={data.contactEmail}
        values={savingSettings ? values : undefined}
        errors={savingSettings ? errors : undefined}
      />
      <TestSendForm
        defaultTo={!savingSettings && typeof values?.to === 'string' ? values.to : data.adminEmail}
        error={!savingSettings ? errors?.to : undefined}
      />
      <OutboxList {...data.outbox} configured={data.server !== undefined} />
    </div>
  )
}
