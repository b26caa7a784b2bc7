// Steps the « Abonnés » tab tests share (imported by `*.test.ts` only): a signed-in account,
// the tab's action and the export as the router runs them.
import { responseOf } from '../auth/auth-test-support.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.PUBLIC_URL = 'http://localhost:3999'

const tab = await import('#app/routes/admin/subscribers.tsx')
const exportRoute = await import('#app/routes/resources/subscribers-export.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')

const ORIGIN = 'http://localhost:3999'
type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0]

/** The session cookie of a new active account with `role`. */
export async function cookieFor(role: 'admin' | 'editor' | 'viewer' = 'admin') {
  const user = await createTestUser({ role })
  return `${SESSION_COOKIE}=${await createSessionCookie(user.id)}`
}

function request(path: string, cookie: string, body?: FormData) {
  return new Request(new URL(path, ORIGIN), {
    method: body ? 'POST' : 'GET',
    headers: { origin: ORIGIN, cookie, 'x-vitrine-client-ip': '10.9.0.7' },
    ...(body ? { body } : {}),
  })
}

/** The tab's action on `fields` as a browser posts them, whether it answers or throws. */
export function act(cookie: string, fields: Record<string, string | Blob>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return responseOf(() =>
    tab.action({
      request: request('/admin/subscribers', cookie, form),
      params: {},
      context: {},
    } as unknown as Args<typeof tab.action>),
  )
}

/** The tab's import from `source` (French readers unless `fields` says otherwise). */
export function importSubscribers(
  cookie: string,
  source: string,
  fields: Record<string, string | Blob>,
) {
  return act(cookie, { intent: 'import', source, locale: 'fr', ...fields })
}

/** The tab's view at `search` (its filters). */
export async function loadTab(cookie: string, search: string) {
  return (await tab.loader({
    request: request(`/admin/subscribers${search}`, cookie),
    params: {},
    context: {},
  } as unknown as Args<typeof tab.loader>)) as Exclude<
    Awaited<ReturnType<typeof tab.loader>>,
    Response
  >
}

/** The subscribers export's answer, whether it answers or throws. */
export function exportSubscribers(cookie: string) {
  return responseOf(() =>
    exportRoute.loader({
      request: request('/api/subscribers/export', cookie),
      params: {},
      context: {},
    } as unknown as Args<typeof exportRoute.loader>),
  )
}
