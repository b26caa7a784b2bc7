import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

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
  {
    // The layers (ADR 065): domain ← server ← routes and domain ← ui ← routes.
    files: ['app/domain/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '#app/server/*',
                '#app/ui/*',
                '#app/routes/*',
                '../*',
                '**/*.server',
                '**/*.server.*',
              ],
              message: 'app/domain has no I/O and imports no other layer (ADR 065).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '#app/server/*',
                '#app/routes/*',
                '**/server/*',
                '**/routes/*',
                '**/*.server',
                '**/*.server.*',
              ],
              message:
                'app/ui never imports server or route code, not even a type: move the type to app/domain (ADR 065).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#app/ui/*', '#app/routes/*', '**/ui/*', '**/routes/*'],
              message: 'app/server imports no UI or route code (ADR 065).',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, and test helpers named use* are not React hooks.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
)
