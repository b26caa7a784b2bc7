// 'Paramètres › E-mails' (ADR 019): configuration state, new-message alert settings, a
// test send and the outbox with each e-mail's status, error and a retry. Plain forms: all of
// it works without JavaScript.
import { Form, Link } from 'react-router'
import { RotateCw, Send } from 'lucide-react'
import { boolField, type FieldErrors } from '#app/domain/common.ts'
import {
  ALERTS_PER_HOUR,
  MAIL_TEXTS,
  OUTBOX_KIND_LABELS,
  OUTBOX_STATUS_LABELS,
  type MailSettings,
  type OutboxEntry,
  type OutboxStatus,
} from '#app/domain/mail.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { Pagination } from './activity-pagination.tsx'
import { Banner } from './banner.tsx'
import { SubmitButton } from './buttons.tsx'
import { CheckboxField, TextField } from './fields.tsx'
import { SettingsSection } from './settings-section.tsx'

export const MAIL_SETTINGS_TITLE = 'E-mails'

const STATUS_STYLES: Record<OutboxStatus, string> = {
  queued: 'bg-zinc-100 text-zinc-800',
  unconfigured: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
}

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLES[status]}`}
    >
      {OUTBOX_STATUS_LABELS[status]}
    </span>
  )
}

export function MailConfigState({
  server,
  from,
}: {
  server: string | undefined
  from: string | undefined
}) {
  if (!server) return <Banner kind="error">{MAIL_TEXTS.notConfigured}</Banner>
  return (
    <Banner kind="success">
      Envoi configuré : serveur <strong>{server}</strong>, expéditeur <strong>{from}</strong>.
    </Banner>
  )
}

export function AlertSettingsForm({
  settings,
  contactEmail,
  values,
  errors = {},
}: {
  settings: MailSettings
  contactEmail: string
  values?: Record<string, unknown>
  errors?: FieldErrors
}) {
  const enabled =
    values !== undefined ? boolField.parse(values.alertsEnabled) : settings.alertsEnabled
  const email =
    values && typeof values.alertEmail === 'string' ? values.alertEmail : settings.alertEmail
  return (
    <SettingsSection as="section" headingId="mail-alerts" title="Alertes de nouveaux messages">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="alertsEnabled" value="false" />
        <CheckboxField
          name="alertsEnabled"
          label="M'avertir par e-mail à chaque nouveau message"
          defaultChecked={enabled}
          hint={`Au-delà de ${ALERTS_PER_HOUR} alertes par heure, un seul résumé horaire les regroupe.`}
        />
        <TextField
          name="alertEmail"
          type="email"
          label="Adresse des alertes"
          defaultValue={email ?? ''}
          placeholder={contactEmail}
          hint={`Vide : l'adresse de contact des paramètres (${contactEmail}).`}
          error={errors.alertEmail}
        />
        <div>
          <SubmitButton intent="save-settings" pendingLabel="Enregistrement...">
            Enregistrer
          </SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  )
}

export function TestSendForm({ defaultTo, error }: { defaultTo: string; error?: string }) {
  return (
    <SettingsSection as="section" headingId="mail-test" title="Essai">
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-64 flex-1">
          <TextField
            name="to"
            type="email"
            label="Destinataire de l'essai"
            defaultValue={defaultTo}
            error={error}
          />
        </div>
        <SubmitButton intent="test">
          <Send className="h-4 w-4" aria-hidden="true" />
          Envoyer un e-mail d&apos;essai
        </SubmitButton>
      </Form>
    </SettingsSection>
  )
}

export function OutboxList({
  items,
  page,
  pageSize,
  total,
  configured,
}: {
  items: OutboxEntry[]
  page: number
  pageSize: number
  total: number
  configured: boolean
}) {
  return (
    <SettingsSection as="section" headingId="mail-outbox" title="File d'envoi">
      {items.length === 0 ? (
        <p className="text-sm text-zinc-600">Aucun e-mail pour le moment.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">E-mails de la file d&apos;envoi, du plus récent</caption>
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase">
              <tr>
                {['Date', 'Type', 'Destinataire', 'Objet', 'Statut'].map((label) => (
                  <th key={label} scope="col" className="py-2 pr-3">
                    {label}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  Détails
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {items.map((item) => (
                <tr key={item.id} data-outbox-id={item.id} className="align-top">
                  <td data-label="Date" className="py-2 pr-3 whitespace-nowrap text-zinc-700">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </td>
                  <td data-label="Type" className="py-2 pr-3 text-zinc-700">
                    {OUTBOX_KIND_LABELS[item.kind]}
                  </td>
                  <td
                    data-label="Destinataire"
                    className="py-2 pr-3 text-zinc-900 [overflow-wrap:anywhere]"
                  >
                    {item.to}
                  </td>
                  <td data-label="Objet" className="py-2 pr-3 text-zinc-900">
                    {item.kind === 'reply' && item.relatedMessageId ? (
                      <Link
                        to={`/admin/messages?id=${item.relatedMessageId}`}
                        className="text-violet-700 underline"
                      >
                        {item.subject}
                      </Link>
                    ) : (
                      item.subject
                    )}
                  </td>
                  <td data-label="Statut" className="py-2 pr-3">
                    <OutboxStatusBadge status={item.status} />
                  </td>
                  <td data-label="Détails" className="py-2 text-xs text-zinc-700">
                    {item.status === 'sent' && item.sentAt ? (
                      <p>
                        Envoyé le <time dateTime={item.sentAt}>{formatDateTime(item.sentAt)}</time>
                      </p>
                    ) : null}
                    {item.status === 'queued' &&
                    item.attempts === 0 &&
                    Date.parse(item.nextAttemptAt) > Date.parse(item.createdAt) + 1000 ? (
                      // Written to leave later (a digest gathers an hour of messages).
                      <p>
                        Envoi prévu le{' '}
                        <time dateTime={item.nextAttemptAt}>
                          {formatDateTime(item.nextAttemptAt)}
                        </time>
                      </p>
                    ) : null}
                    {item.status === 'queued' && item.attempts > 0 ? (
                      <p>
                        {item.attempts} tentative{item.attempts > 1 ? 's' : ''} ; prochain essai le{' '}
                        <time dateTime={item.nextAttemptAt}>
                          {formatDateTime(item.nextAttemptAt)}
                        </time>
                      </p>
                    ) : null}
                    {item.lastError && item.status !== 'sent' ? (
                      <p className="break-words text-red-800">{item.lastError}</p>
                    ) : null}
                    {item.status === 'failed' ||
                    (item.status === 'unconfigured' && configured) ||
                    (item.status === 'queued' && item.attempts > 0) ? (
                      <Form method="post" className="mt-1">
                        <input type="hidden" name="id" value={item.id} />
                        <SubmitButton intent="retry" variant="secondary">
                          <RotateCw className="h-4 w-4" aria-hidden="true" />
                          {MAIL_TEXTS.retry}
                          {/* Which e-mail, for a screen reader going through the buttons. */}
                          <span className="sr-only"> : {item.subject}</span>
                        </SubmitButton>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} label="Pagination des e-mails" />
    </SettingsSection>
  )
}
