// Start-up refusals an owner meets: said in French, and the process stops.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '../../fixtures/test.ts'

/** Starts a second server with `env`; resolves with its exit code and output. */
function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-startup-'))
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
        BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

test('a port already in use stops the start with a French message, not a stack', async ({
  server,
}) => {
  const port = new URL(server.url).port
  const { code, output } = await startServer({ PORT: port })
  expect(code).toBe(1)
  expect(output).toContain(`Démarrage impossible : le port ${port} est déjà utilisé`)
  expect(output).not.toContain('Unhandled')
})

test('a PUBLIC_URL without its scheme is refused before anything starts', async () => {
  const { code, output } = await startServer({ PORT: '0', PUBLIC_URL: 'portfolio.exemple.fr' })
  expect(code).toBe(1)
  expect(output).toContain('PUBLIC_URL: doit être une adresse http(s) complète')
  expect(output).not.toContain('BetterAuthError')
})
