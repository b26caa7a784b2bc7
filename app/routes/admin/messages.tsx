// Admin › Messages: states new → read → replied / archived, a reply needs text. The filter,
// the search, the sort, the page and the selected message live in the URL
// (?status=&q=&tri=&page=&id=); ticked messages take a bulk action (ADR 099).
import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { MESSAGE_STATUSES, type MessageStatus } from '#app/domain/types.ts'
import { MESSAGES_PAGE_SIZE, ReplySchema } from '#app/domain/message.ts'
import { toFieldErrors } from '#app/domain/common.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import {
  formFailure,
  notFound,
  readAdminForm,
  unknownIntent,
  listUrlOf,
  type Actor,
} from '#app/server/admin/admin-actions.server.ts'
import { bulkIntent } from '#app/server/admin/admin-list.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { MESSAGES_LIST, listParamNames, readListQuery } from '#app/domain/admin-list.ts'
import {
  archiveMessage,
  countMessagesByStatus,
  deleteMessage,
  getMessage,
  listMessages,
  markMessageRead,
  replyToMessage,
} from '#app/server/repositories/messages.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { isMailConfigured, queueReply } from '#app/server/mail/mail.server.ts'
import { replyDeliveries, retryEmail } from '#app/server/mail/outbox.server.ts'
import { kickMailWorker } from '#app/server/mail/worker.server.ts'
import { Banner } from '#app/ui/admin/banner.tsx'
import { BulkActions, ListFilters } from '#app/ui/admin/list-controls.tsx'
import { Pagination } from '#app/ui/admin/activity-pagination.tsx'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import {
  MessageDetail,
  MessageFilters,
  MessageList,
  type MessageFilter,
} from '#app/ui/admin/messages-inbox.tsx'
import type { Route } from './+types/messages'

function parseStatus(value: string | null): MessageStatus | undefined {
  return value && (MESSAGE_STATUSES as readonly string[]).includes(value)
    ? (value as MessageStatus)
    : undefined
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const status = parseStatus(url.searchParams.get('status'))
  const query = readListQuery(MESSAGES_LIST, url.searchParams)
  const selectedId = url.searchParams.get('id') ?? undefined
  const [list, counts, selected] = await Promise.all([
    listMessages({
      status,
      page: query.page,
      pageSize: MESSAGES_PAGE_SIZE,
      q: query.q,
      sort: query.sort,
    }),
    countMessagesByStatus(),
    selectedId ? getMessage(selectedId) : Promise.resolve(undefined),
  ])
  // Whether the reply e-mail left (ADR 019): 'Envoyée le' only once the SMTP server took it.
  const delivery = selected?.reply ? (await replyDeliveries([selected.id]))[selected.id] : undefined
  return {
    status: status ?? 'all',
    query: { ...query, page: list.page },
    list,
    counts,
    selected,
    delivery,
    mailConfigured: isMailConfigured(),
  }
}

/** The list URL after an action: same filter, search and page, the selection kept or dropped. */
const backTo = (request: Request, keepSelection: boolean) =>
  listUrlOf(request, '/admin/messages', [
    ...listParamNames(MESSAGES_LIST),
    ...(keepSelection ? ['id'] : []),
  ])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readAdminForm(request)
  const { intent, id, values } = form
  if (intent === 'bulk') return bulkMessagesIntent(request, admin, form)
  if (!['read', 'archive', 'reply', 'retry-reply', 'delete'].includes(intent))
    return unknownIntent(intent)
  const message = id ? await getMessage(id) : undefined
  if (!message) return notFound("Ce message n'existe plus.")
  const activity = {
    actor: admin,
    resourceType: 'message' as const,
    resourceId: message.id,
    resourceName: `${message.name} <${message.email}>`,
  }

  switch (intent) {
    case 'read': {
      // Read only from 'new' (the repository leaves other statuses unchanged).
      const updated = await markMessageRead(message.id)
      if (message.status === 'new' && updated?.status === 'read')
        await recordActivity(request, {
          ...activity,
          action: 'update',
          details: 'Message marqué comme lu',
        })
      return redirect(backTo(request, true))
    }
    case 'archive': {
      await archiveMessage(message.id)
      await recordActivity(request, { ...activity, action: 'update', details: 'Message archivé' })
      return redirect(backTo(request, true))
    }
    case 'reply': {
      if (message.reply)
        return formFailure({ content: 'Ce message a déjà reçu une réponse.' }, values)
      const parsed = ReplySchema.safeParse({ content: values.content })
      if (!parsed.success) return formFailure(toFieldErrors(parsed.error), values)
      // Status 'replied' is set together with the reply (ADR 006). The
      // e-mail to the visitor is queued in the same transaction (reply saved ⇔ e-mail queued).
      const content = parsed.data.content
      await replyToMessage(message.id, content, (trx, saved) =>
        queueReply(trx, saved, content, admin),
      )
      kickMailWorker()
      const configured = isMailConfigured()
      await recordActivity(request, {
        ...activity,
        action: 'update',
        details: configured
          ? "Réponse enregistrée, e-mail dans la file d'envoi"
          : 'Réponse enregistrée, e-mail non envoyé (envoi non configuré)',
      })
      // Sending a reply closes the detail panel.
      return redirectWithToast(backTo(request, false), {
        kind: configured ? 'success' : 'error',
        message: configured ? MAIL_TEXTS.replyQueued : MAIL_TEXTS.replyNotConfigured,
      })
    }
    case 'retry-reply': {
      const delivery = (await replyDeliveries([message.id]))[message.id]
      if (!delivery || !(await retryEmail(delivery.outboxId, isMailConfigured())))
        return redirectWithToast(backTo(request, true), {
          kind: 'error',
          message: "Cette réponse n'a pas d'e-mail en échec à renvoyer.",
        })
      kickMailWorker()
      await recordActivity(request, {
        ...activity,
        action: 'update',
        details: "Nouvel essai d'envoi de la réponse",
      })
      return redirectWithToast(backTo(request, true), {
        kind: 'success',
        message: MAIL_TEXTS.retried,
      })
    }
    case 'delete': {
      await deleteMessage(message.id)
      await recordActivity(request, { ...activity, action: 'delete', details: 'Message supprimé' })
      return redirectWithToast(backTo(request, false), {
        kind: 'success',
        message: 'Message supprimé',
      })
    }
  }
  return data(null, { status: 400 })
}

/**
 * Mark as read, archive or delete the ticked messages (ADR 099), by the messages' status transitions: a
 * message is marked read only from « new », and one already archived is left as it is.
 */
function bulkMessagesIntent(
  request: Request,
  admin: Actor,
  form: { values: Record<string, unknown>; formData: FormData },
) {
  return bulkIntent(request, admin, form, {
    spec: MESSAGES_LIST,
    // Messages are not a declared collection: their tab, type and log name are given here.
    collection: {
      id: 'messages',
      resourceType: 'message',
      nameOf: (message) => `${message.name} <${message.email}>`,
    },
    get: getMessage,
    async apply(message, action) {
      switch (action) {
        case 'read':
          return message.status === 'new' && (await markMessageRead(message.id))?.status === 'read'
        case 'archive':
          return message.status !== 'archived' && !!(await archiveMessage(message.id))
        case 'delete':
          return deleteMessage(message.id)
        default:
          return false
      }
    },
  })
}

export function meta() {
  return [{ title: 'Messages — Administration du Portfolio' }]
}

export default function MessagesTab() {
  const { status, query, list, counts, selected, delivery, mailConfigured } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const failure = actionData && 'fieldErrors' in actionData ? actionData : undefined
  // A refused bulk action says so in its own bar.
  const bulkFailure = failure?.values && 'action' in failure.values ? failure : undefined
  const replyValue =
    typeof failure?.values.content === 'string' ? failure.values.content : undefined
  return (
    <div>
      <TabHeader title="Messages" />
      {failure?.formError && !bulkFailure ? (
        <div className="mb-4">
          <Banner kind="error">{failure.formError}</Banner>
        </div>
      ) : null}
      <MessageFilters current={status as MessageFilter} counts={counts} />
      <ListFilters
        spec={MESSAGES_LIST}
        query={query}
        keep={{ status: status === 'all' ? '' : status }}
        label="Rechercher dans les messages"
      />
      <BulkActions spec={MESSAGES_LIST} total={list.total} failure={bulkFailure} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <MessageList messages={list.items} selectedId={selected?.id} />
          <Pagination {...list} label="Pagination des messages" />
        </div>
        <MessageDetail
          message={selected}
          delivery={delivery}
          mailConfigured={mailConfigured}
          replyError={failure?.fieldErrors.content}
          replyValue={replyValue}
        />
      </div>
    </div>
  )
}
