// A Kysely plugin that bumps the content generation (ADR 026) after every write to a table
// whose rows can show on a public page. Installed on every connection (db/client.server.ts),
// it sees our repositories, Better Auth and whatever tables other features add later:
// everything counts as content unless listed in QUIET_TABLES.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import { bumpContentGeneration } from './generation.server.ts'

/**
 * Tables whose writes never change a public page: sign-in bookkeeping, the activity log
 * (written on page views), visitors' messages (admin only), rate-limit counters, the mail
 * outbox, revisions and second-factor state.
 */
export const QUIET_TABLES: ReadonlySet<string> = new Set([
  'session',
  'account',
  'verification',
  'activity_logs',
  'messages',
  'rate_limit',
  'rateLimit',
  'kysely_migration',
  'kysely_migration_lock',
  // The mail outbox; post and page revisions (admin only); second
  // factor and per-session bookkeeping (last use is written while signed-in users browse).
  'outbox',
  'blog_revisions',
  'page_revisions',
  'two_factor',
  'recovery_code',
  'session_state',
  'security_policy',
  // ADR 033: the session secret shared by every app server.
  'shared_secret',
  // ADR 018: who may download the CV (only signed-in visitors' pages show it).
  'cv_approval',
  // ADR 072: visitors' statistics (written on page views, read by the admin only; public view
  // counts, when the owner shows them, follow the page cache's own lifetime).
  'analytics_dict',
  'analytics_event',
  'analytics_rollup',
  'analytics_salt',
  'analytics_state',
  // ADR 096: real visitors' page speed, written like the events.
  'analytics_vitals',
  // ADR 103: visits, written by the rollup.
  'analytics_visit',
  'analytics_visit_page',
  // ADR 112: rollups under one filter, written by the rollup.
  'analytics_filter_rollup',
  // ADR 128: monthly rollups under one filter, written in the background.
  'analytics_filter_month',
])

const WRITE_KINDS = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
])

function tableNames(node: OperationNode | undefined, into: string[]): string[] {
  if (!node) return into
  const n = node as OperationNode & Record<string, unknown>
  switch (n.kind) {
    case 'TableNode': {
      const table = n.table as { identifier?: { name?: string } } | undefined
      if (table?.identifier?.name) into.push(table.identifier.name)
      break
    }
    case 'AliasNode':
      tableNames(n.node as OperationNode, into)
      break
    case 'FromNode':
      for (const from of (n.froms as OperationNode[] | undefined) ?? []) tableNames(from, into)
      break
  }
  return into
}

/** Whether this query may change what a public page shows. */
export function isContentWrite(node: RootOperationNode): boolean {
  if (node.kind === 'RawNode') {
    // sql`…` queries: judged by their first word (no table list to read).
    const first = (node.sqlFragments[0] ?? '').trimStart().slice(0, 8).toLowerCase()
    return /^(insert|update|delete|replace)\b/.test(first)
  }
  if (!WRITE_KINDS.has(node.kind)) return false
  const n = node as RootOperationNode & Record<string, unknown>
  const names = tableNames((n.into ?? n.table ?? n.from) as OperationNode | undefined, [])
  // An unreadable target counts as content (safe side).
  return names.length === 0 || names.some((name) => !QUIET_TABLES.has(name))
}

export class ContentWritesPlugin implements KyselyPlugin {
  readonly #writes = new WeakSet<object>()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (isContentWrite(args.node)) this.#writes.add(args.queryId)
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) bumpContentGeneration()
    return args.result
  }
}
