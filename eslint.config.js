import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The layers (ADR 065, ADR 080): domain ← server ← routes and domain ← ui ← routes; public UI
// never imports admin UI; the Express entry reaches the app through the server build.
// `group` patterns are matched by the `ignore` package (gitignore syntax), where a leading `#`
// starts a comment: every `#app/…` pattern is escaped (the string '\\#app/…'), or it matches
// nothing and the rule passes every import.
// tests/lint/layering.test.ts proves each group below with an import that must fail it.
// An alias import is matched by an escaped `\\#app/…` pattern, a relative one by `.*/**/…` (a
// path that starts with `.` or `..`); each pattern has its own fixture.
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const SERVER_MODULE = ['**/*.server', '**/*.server.*']
const DOMAIN_IMPORTS = {
  group: ['\\#app/server/*', '\\#app/ui/*', '\\#app/routes/*', '../*', ...SERVER_MODULE],
  message: 'app/domain has no I/O and imports no other layer (ADR 065).',
}
const UI_IMPORTS = {
  group: [
    '\\#app/server/*',
    '\\#app/routes/*',
    '.*/**/server/*',
    '.*/**/routes/*',
    ...SERVER_MODULE,
  ],
  message:
    'app/ui never imports server or route code, not even a type: move the type to app/domain (ADR 065).',
}
// Everything in app/ui but app/ui/admin is seen by visitors (public pages, chrome, sign-in,
// account, primitives, the shared top-level modules).
const PUBLIC_UI_IMPORTS = {
  group: ['\\#app/ui/admin/*', '.*/**/admin/*'],
  message: 'Public UI never imports admin UI: move the shared part to app/ui/primitives (ADR 080).',
}
const APP_SERVER_IMPORTS = {
  group: ['\\#app/ui/*', '\\#app/routes/*', '.*/**/ui/*', '.*/**/routes/*'],
  message: 'app/server imports no UI or route code (ADR 065).',
}
// The Express entry loads the UI and the routes as the server build; of the app's sources it
// imports only app/domain and the app/server modules it needs before the build is loaded.
const ENTRY_IMPORTS = {
  group: [
    '\\#app/*',
    '!\\#app/domain',
    '!\\#app/server',
    '.*/**/app/*',
    '!.*/**/app/domain',
    '!.*/**/app/server',
  ],
  message:
    'server/ imports only app/domain and app/server; the UI and the routes come through the server build (ADR 080).',
}

// Routes load the import and export code (its parsers, zip and YAML writers) on first use, with
// import(), so that a server that never imports or exports never holds it (ADR 127); the
// addresses of imported sites are looked up on every miss, so redirects.server.ts stays static.
const ROUTE_IMPORTS = {
  group: ['\\#app/server/transfer/*', '!\\#app/server/transfer/redirects.server.ts'],
  message: 'Routes load app/server/transfer on first use, with import() (ADR 127).',
}

function restrict(files, ...patterns) {
  return {
    files,
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }
}

// In flat config a later block replaces a rule's options, so a folder lists every group it obeys.
function layerRules() {
  return [
    restrict(['app/domain/**/*.{ts,tsx}'], DOMAIN_IMPORTS),
    restrict(['app/ui/**/*.{ts,tsx}'], UI_IMPORTS),
    {
      ...restrict(['app/ui/**/*.{ts,tsx}'], UI_IMPORTS, PUBLIC_UI_IMPORTS),
      ignores: [...TESTS, 'app/ui/admin/**'],
    },
    restrict(['app/server/**/*.{ts,tsx}'], APP_SERVER_IMPORTS),
    restrict(['server/**/*.ts'], ENTRY_IMPORTS),
    restrict(['app/routes/**/*.{ts,tsx}'], ROUTE_IMPORTS),
  ]
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      'data/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'public/',
      // Imports that must fail the layering rule, linted under a virtual path by their test.
      'tests/lint/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  ...layerRules(),
  {
    // Playwright fixtures call `use`, and test helpers named use* are not React hooks.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
)
