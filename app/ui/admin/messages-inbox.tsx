// Messages tab: status filters with counts, the list, and the detail panel with
// mark-as-read, archive, delete and the reply form. Links and forms work without JavaScript.
import { useState, useSyncExternalStore } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { Archive, Check, Mail, RotateCw } from 'lucide-react'
import { MAIL_TEXTS, type ReplyDelivery } from '#app/domain/mail.ts'
import { MESSAGE_DELETE_QUESTION, MESSAGE_STATUS_LABELS } from '#app/domain/message.ts'
import { THEMES } from '#app/domain/theme.ts'
import type { Message, MessageStatus } from '#app/domain/types.ts'
import { formatDateTime } from '#app/domain/date-time.ts'
import { buttonStyles, SubmitButton } from './buttons.tsx'
import { ConfirmDelete } from './confirm-delete.tsx'
import { FieldError } from './fields.tsx'
import { EmptyState } from './list.tsx'
import { RowCheckbox } from './list-controls.tsx'
import { labelKeys } from '#app/domain/labels.ts'

export const MESSAGE_FILTER_LABELS = {
  all: 'Tous',
  new: 'Nouveaux',
  read: 'Lus',
  replied: 'Répondus',
  archived: 'Archivés',
}
export type MessageFilter = keyof typeof MESSAGE_FILTER_LABELS

export const NO_MESSAGES = 'Aucun message à afficher.'
export const NO_SELECTION = 'Sélectionnez un message pour voir les détails'
export const REPLY_PLACEHOLDER = 'Écrivez votre réponse...'

// Badge colours: new accent, read secondary, replied green, archived grey (the
// neutral theme's accent #9B59B6 and secondary #40E0D0). Each text colour meets WCAG AA
// 4.5:1 on its background at the badge's 12px (messages-inbox.test.ts); green-600 #16A34A
// gave white text only 3.3:1, hence green-700.
export const BADGE_COLORS: Record<MessageStatus, { background: string; text: string }> = {
  new: { background: THEMES.neutral.colors.accent, text: '#FFFFFF' },
  read: { background: THEMES.neutral.colors.secondary, text: '#18181B' },
  replied: { background: '#15803D', text: '#FFFFFF' },
  archived: { background: '#71717A', text: '#FFFFFF' },
}

/** A message sent from the English site (ADR 075): the visitor is answered in English. */
function EnglishBadge() {
  return (
    <span
      data-testid="message-english"
      title="Envoyé depuis le site anglais : la réponse part en anglais"
      className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900"
    >
      Anglais
    </span>
  )
}

export function StatusBadge({ status }: { status: MessageStatus }) {
  const colors = BADGE_COLORS[status]
  return (
    <span
      data-status={status}
      // Inline colours: one table for the badge and its contrast test.
      style={{ backgroundColor: colors.background, color: colors.text }}
      className="inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium"
    >
      {MESSAGE_STATUS_LABELS[status]}
    </span>
  )
}

/** true once React has hydrated (false during the server render and without JavaScript). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  )
}

function useHref() {
  const [searchParams] = useSearchParams()
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(searchParams)
    params.delete('delete')
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key)
      else params.set(key, value)
    }
    const query = params.toString()
    return query ? `?${query}` : '?'
  }
}

export function MessageFilters({
  current,
  counts,
}: {
  current: MessageFilter
  counts: Record<MessageFilter, number>
}) {
  const href = useHref()
  return (
    <nav aria-label="Filtrer les messages" className="mb-4 flex flex-wrap gap-2">
      {labelKeys(MESSAGE_FILTER_LABELS).map((filter) => {
        const active = filter === current
        return (
          <Link
            key={filter}
            to={href({ status: filter === 'all' ? null : filter, page: null, id: null })}
            aria-current={active ? 'page' : undefined}
            className={
              active
                ? 'rounded-full bg-violet-600 px-3 py-1 text-sm font-medium text-white'
                : 'rounded-full border border-zinc-300 bg-white px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-50'
            }
          >
            {MESSAGE_FILTER_LABELS[filter]} ({counts[filter]})
          </Link>
        )
      })}
    </nav>
  )
}

export function MessageList({
  messages,
  selectedId,
}: {
  messages: Message[]
  selectedId: string | undefined
}) {
  const href = useHref()
  if (messages.length === 0) {
    return <EmptyState>{NO_MESSAGES}</EmptyState>
  }
  return (
    <ul
      aria-label="Messages"
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white"
    >
      {messages.map((m) => {
        const selected = m.id === selectedId
        return (
          <li key={m.id} className={`flex items-start pl-4 ${selected ? 'bg-violet-50' : ''}`}>
            {/* Ticked for the bulk action (ADR 099), beside the link, never inside it. */}
            <span className="pt-3.5">
              <RowCheckbox id={m.id} name={`${m.name} (${m.email})`} />
            </span>
            <Link
              to={href({ id: m.id })}
              aria-current={selected ? 'true' : undefined}
              preventScrollReset
              className="block min-w-0 flex-1 py-3 pr-4 hover:bg-zinc-50"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-zinc-900">{m.name}</span>
                {m.locale === 'en' ? <EnglishBadge /> : null}
                <StatusBadge status={m.status} />
              </span>
              <span className="block truncate text-sm text-zinc-600">{m.email}</span>
              <span className="mt-1 line-clamp-2 text-sm text-zinc-700">{m.message}</span>
              <time dateTime={m.createdAt} className="mt-1 block text-xs text-zinc-500">
                {formatDateTime(m.createdAt)}
              </time>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Where the reply e-mail stands (ADR 019): 'Envoyée le' only once the SMTP server accepted
 * it. A reply saved before the outbox existed has no e-mail row and keeps its stored date.
 */
function ReplyDeliveryLine({
  message,
  delivery,
  mailConfigured,
}: {
  message: Message & { reply: NonNullable<Message['reply']> }
  delivery: ReplyDelivery | undefined
  mailConfigured: boolean
}) {
  if (!delivery || delivery.status === 'sent') {
    const sentAt = delivery?.sentAt ?? message.reply.sentAt
    return (
      <p className="mt-2 text-xs text-zinc-500">
        Envoyée le <time dateTime={sentAt}>{formatDateTime(sentAt)}</time>
      </p>
    )
  }
  if (delivery.status === 'unconfigured' || (!mailConfigured && delivery.status === 'queued')) {
    return (
      <p className="mt-2 text-sm text-amber-800">
        Non envoyée : l&apos;envoi d&apos;e-mails n&apos;est pas configuré.{' '}
        <Link to="/admin/settings/emails" className="underline">
          Paramètres › E-mails
        </Link>
      </p>
    )
  }
  if (delivery.status === 'queued') {
    return (
      <div className="mt-2 text-sm text-zinc-700">
        <p>{MAIL_TEXTS.replyWaiting}</p>
        {delivery.attempts > 0 && delivery.lastError ? (
          <p className="text-xs text-zinc-600">
            Tentative {delivery.attempts} échouée : {delivery.lastError}. Nouvel essai le{' '}
            <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>.
          </p>
        ) : null}
        {delivery.attempts > 0 ? <RetryReply messageId={message.id} /> : null}
      </div>
    )
  }
  return (
    <div className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{MAIL_TEXTS.sendFailed}</p>
      {delivery.lastError ? <p className="mt-1 text-xs">{delivery.lastError}</p> : null}
      <RetryReply messageId={message.id} />
    </div>
  )
}

function RetryReply({ messageId }: { messageId: string }) {
  return (
    <Form method="post" preventScrollReset className="mt-2">
      <input type="hidden" name="id" value={messageId} />
      <SubmitButton intent="retry-reply" variant="secondary">
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {MAIL_TEXTS.retry}
      </SubmitButton>
    </Form>
  )
}

export function MessageDetail({
  message,
  delivery,
  mailConfigured = false,
  replyError,
  replyValue,
}: {
  message: Message | undefined
  delivery?: ReplyDelivery
  mailConfigured?: boolean
  replyError?: string
  replyValue?: string
}) {
  if (!message) {
    return (
      <div className="flex min-h-48 items-center justify-center rounded-md border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500">
        {NO_SELECTION}
      </div>
    )
  }
  return (
    <section
      aria-labelledby="message-detail-title"
      className="rounded-md border border-zinc-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="message-detail-title" className="text-lg font-semibold text-zinc-900">
            {message.name}
          </h3>
          <a href={`mailto:${message.email}`} className="text-sm text-violet-700 underline">
            {message.email}
          </a>
          <p className="text-xs text-zinc-500">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
        </div>
        <span className="flex items-center gap-2">
          {message.locale === 'en' ? <EnglishBadge /> : null}
          <StatusBadge status={message.status} />
        </span>
      </div>

      <p className="mt-4 whitespace-pre-wrap text-sm text-zinc-800">{message.message}</p>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {message.status === 'new' ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={message.id} />
            <SubmitButton intent="read" variant="secondary">
              <Check className="h-4 w-4" aria-hidden="true" />
              Marquer comme lu
            </SubmitButton>
          </Form>
        ) : null}
        {message.status !== 'archived' ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={message.id} />
            <SubmitButton intent="archive" variant="secondary">
              <Archive className="h-4 w-4" aria-hidden="true" />
              Archiver
            </SubmitButton>
          </Form>
        ) : null}
        <ConfirmDelete
          id={message.id}
          itemName={`le message de ${message.name}`}
          question={MESSAGE_DELETE_QUESTION}
        >
          <span className="text-sm">Supprimer</span>
        </ConfirmDelete>
      </div>

      <div className="mt-6 border-t border-zinc-200 pt-4">
        {message.reply ? (
          <div>
            <p className="text-sm font-medium text-zinc-900">Votre réponse :</p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-800">
              {message.reply.content}
            </p>
            <ReplyDeliveryLine
              message={{ ...message, reply: message.reply }}
              delivery={delivery}
              mailConfigured={mailConfigured}
            />
          </div>
        ) : (
          <ReplyForm
            key={message.id}
            messageId={message.id}
            visitorName={message.name}
            error={replyError}
            defaultValue={replyValue}
          />
        )}
      </div>
    </section>
  )
}

function ReplyForm({
  messageId,
  visitorName,
  error,
  defaultValue = '',
}: {
  messageId: string
  /** The e-mail greets them itself (app/server/mail/templates.server.ts). */
  visitorName: string
  error?: string
  defaultValue?: string
}) {
  const [text, setText] = useState(defaultValue)
  const hydrated = useHydrated()
  // Disabled while blank (a reply has text); without JavaScript the server refuses a blank reply.
  const blank = text.trim() === ''
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-2">
      <input type="hidden" name="id" value={messageId} />
      <label htmlFor="reply-content" className="sr-only">
        Votre réponse
      </label>
      <textarea
        id="reply-content"
        name="content"
        rows={5}
        placeholder={REPLY_PLACEHOLDER}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reply-content-hint reply-content-error' : 'reply-content-hint'}
        className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:border-violet-500 focus:ring-2 focus:ring-violet-500/40 focus:outline-none"
      />
      <p id="reply-content-hint" className="text-xs text-zinc-600">
        L&apos;e-mail commence par « Bonjour {visitorName}, » et cite son message après votre
        réponse.
      </p>
      <FieldError id="reply-content-error" error={error} />
      <div className="flex justify-end">
        {hydrated && blank ? (
          <button type="submit" disabled className={buttonStyles.primary}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            Envoyer la réponse
          </button>
        ) : (
          <SubmitButton intent="reply">
            <Mail className="h-4 w-4" aria-hidden="true" />
            Envoyer la réponse
          </SubmitButton>
        )}
      </div>
    </Form>
  )
}
