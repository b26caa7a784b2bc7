// Messages of the contact form as the admin handles them (the hub's Messages tab: states, reply).
import { z } from 'zod'
import { MAX_LENGTH, requiredText } from './common.ts'
import type { MessageStatus } from './types.ts'

export const MESSAGE_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer ce message ?'

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: 'Nouveau',
  read: 'Lu',
  replied: 'Répondu',
  archived: 'Archivé',
}

/** The reply is non-empty after trimming. */
export const ReplySchema = z.object({
  content: requiredText('La réponse ne peut pas être vide', MAX_LENGTH.text),
})

export type ReplyData = z.output<typeof ReplySchema>

/** Messages per page in the admin list (server-side pagination). */
export const MESSAGES_PAGE_SIZE = 20
