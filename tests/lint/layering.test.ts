// The layering rule can fail (ADR 080): each fixture is an import a layer must refuse, linted
// through the project's own ESLint config as if it stood inside that layer. A pattern that stops
// matching (a `#app/…` pattern read as a gitignore comment did) makes its fixture pass and this
// test fail.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') })

const DOMAIN = 'app/domain has no I/O and imports no other layer'
const UI = 'app/ui never imports server or route code'
const PUBLIC_UI = 'Public UI never imports admin UI'
const APP_SERVER = 'app/server imports no UI or route code'
const ENTRY = 'server/ imports only app/domain and app/server'
const ROUTE = 'Routes load app/server/transfer on first use'

// Every folder of app/ui but admin/ is public UI.
const PUBLIC_UI_FILES = [
  'app/ui/public/__fixture__.tsx',
  'app/ui/chrome/__fixture__.tsx',
  'app/ui/primitives/__fixture__.tsx',
  'app/ui/auth/__fixture__.tsx',
  'app/ui/account/__fixture__.tsx',
]

const DOMAIN_FILE = ['app/domain/__fixture__.ts']
const ADMIN_UI_FILE = ['app/ui/admin/__fixture__.tsx']
// The UI rule, under each of the two blocks that carry it (admin UI, the rest).
const UI_FILES = [...ADMIN_UI_FILE, 'app/ui/public/__fixture__.tsx', 'app/ui/__fixture__.tsx']
const APP_SERVER_FILE = ['app/server/content/__fixture__.ts']
const ENTRY_FILE = ['server/__fixture__.ts']
const ROUTE_FILE = ['app/routes/resources/__fixture__.ts']

const FORBIDDEN: { fixture: string; as: string[]; message: string }[] = [
  { fixture: 'domain-imports-ui', as: DOMAIN_FILE, message: DOMAIN },
  { fixture: 'domain-imports-server', as: DOMAIN_FILE, message: DOMAIN },
  { fixture: 'domain-imports-routes', as: DOMAIN_FILE, message: DOMAIN },
  {
    fixture: 'domain-imports-relative-parent',
    as: ['app/domain/i18n/__fixture__.ts'],
    message: DOMAIN,
  },
  { fixture: 'domain-imports-server-module', as: DOMAIN_FILE, message: DOMAIN },
  { fixture: 'domain-imports-server-module-bare', as: DOMAIN_FILE, message: DOMAIN },
  { fixture: 'ui-imports-server', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-server-type', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-routes', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-relative-server', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-relative-routes', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-server-module', as: UI_FILES, message: UI },
  { fixture: 'ui-imports-server-module-bare', as: UI_FILES, message: UI },
  { fixture: 'public-ui-imports-admin-ui', as: PUBLIC_UI_FILES, message: PUBLIC_UI },
  { fixture: 'public-ui-imports-admin-ui', as: ['app/ui/__fixture__.tsx'], message: PUBLIC_UI },
  { fixture: 'public-ui-imports-relative-admin-ui', as: PUBLIC_UI_FILES, message: PUBLIC_UI },
  { fixture: 'app-server-imports-ui', as: APP_SERVER_FILE, message: APP_SERVER },
  { fixture: 'app-server-imports-routes', as: APP_SERVER_FILE, message: APP_SERVER },
  { fixture: 'app-server-imports-relative-ui', as: APP_SERVER_FILE, message: APP_SERVER },
  { fixture: 'app-server-imports-relative-routes', as: APP_SERVER_FILE, message: APP_SERVER },
  { fixture: 'entry-imports-ui', as: ENTRY_FILE, message: ENTRY },
  {
    fixture: 'entry-imports-route-table',
    as: ['server/page-cache/__fixture__.ts'],
    message: ENTRY,
  },
  { fixture: 'entry-imports-root', as: ENTRY_FILE, message: ENTRY },
  { fixture: 'entry-imports-relative-ui', as: ENTRY_FILE, message: ENTRY },
  { fixture: 'entry-imports-relative-routes', as: ENTRY_FILE, message: ENTRY },
  { fixture: 'route-imports-transfer', as: ROUTE_FILE, message: ROUTE },
]

const ALLOWED: { fixture: string; as: string[] }[] = [
  { fixture: 'allowed-domain', as: DOMAIN_FILE },
  { fixture: 'allowed-public-ui', as: PUBLIC_UI_FILES },
  { fixture: 'allowed-admin-ui', as: ADMIN_UI_FILE },
  { fixture: 'allowed-app-server', as: APP_SERVER_FILE },
  { fixture: 'allowed-entry', as: ENTRY_FILE },
  { fixture: 'allowed-route', as: ROUTE_FILE },
]

async function lint(fixture: string, filePath: string) {
  const code = readFileSync(path.join(import.meta.dirname, 'fixtures', `${fixture}.ts`), 'utf8')
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) })
  return result?.messages ?? []
}

describe('the layering rule', () => {
  for (const { fixture, as, message } of FORBIDDEN) {
    for (const filePath of as) {
      it(`refuses ${fixture} in ${filePath}`, async () => {
        const messages = await lint(fixture, filePath)
        expect(messages.map((m) => [m.ruleId, m.message])).toEqual([
          ['no-restricted-imports', expect.stringContaining(message)],
        ])
      })
    }
  }

  for (const { fixture, as } of ALLOWED) {
    for (const filePath of as) {
      it(`accepts ${fixture} in ${filePath}`, async () => {
        expect(await lint(fixture, filePath)).toEqual([])
      })
    }
  }
})
