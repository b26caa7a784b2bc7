// Every mutating intent of every admin tab: the authorisation matrix test posts each one
// as every role (tests/e2e/auth/authorization-matrix.spec.ts). A tab's action dispatches on
// the form field `intent`; add new intents here when you add them to a tab.
import type { AdminTabId } from './admin-tabs.ts'

export const ADMIN_ACTIONS: Record<AdminTabId, readonly string[]> = {
  // 'translate' everywhere an English version is saved (ADR 075).
  profile: ['save', 'translate'],
  // Projects, media and messages: a bulk action on the ticked rows (ADR 099).
  projects: ['create', 'update', 'translate', 'bulk', 'delete'],
  skills: ['create', 'update', 'translate', 'delete'],
  timeline: ['create', 'update', 'translate', 'delete'],
  // Blog (ADR 020): restore a revision, rename a category on every post (after update, before
  // delete); save a post's English version, its status and date (ADRs 075, 077); a bulk
  // action on the ticked posts (ADR 091); autosave a post's form and discard that autosave
  // (ADR 092).
  blog: [
    'create',
    'update',
    'restore',
    'translate',
    'rename-category',
    'bulk',
    'autosave',
    'discard-autosave',
    'delete',
  ],
  // Pages (ADR 090): create, update, restore a revision (ADR 101), their English version, delete.
  pages: ['create', 'update', 'restore', 'translate', 'delete'],
  process: ['create', 'update', 'translate', 'delete', 'reorder'],
  media: ['create', 'update', 'translate', 'bulk', 'delete'],
  cv: ['url', 'settings', 'approval'],
  users: ['create', 'update', 'delete', 'invite', 'end-sessions', 'reset-2fa'],
  messages: ['read', 'archive', 'reply', 'retry-reply', 'bulk', 'delete'],
  settings: ['save', 'translate'],
  activity: [],
  statistics: ['settings'],
  // The newsletter (ADR 097): import a CSV, the sending settings, delete a subscriber.
  subscribers: ['import', 'settings', 'delete'],
}
