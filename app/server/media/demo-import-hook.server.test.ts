// The demo media are imported by a process of their own (ADR 030): the script imports the CV
// into private storage and the images into the library, writing to the same database, then
// ends, so the memory sharp used goes back to the system.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseImageUrl } from '#app/domain/media-file.ts'
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { makeProject } from '#app/server/demo/factories.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { createProject, getProject } from '#app/server/repositories/projects.server.ts'
import { TEST_POSTGRES } from '../../../tests/fixtures/db.ts'
import { DEMO_IMPORT_SCRIPT } from './demo-import-hook.server.ts'

function runScript(dataDir: string): Promise<number | null> {
  const child = spawn(process.execPath, [DEMO_IMPORT_SCRIPT], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)))
}

describe.skipIf(!!TEST_POSTGRES)('demo media import process', () => {
  let dir = ''
  afterEach(async () => {
    await closeDatabase()
    rmSync(dir, { recursive: true, force: true })
  })

  it('imports the CV privately and the images into the library, then ends', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrine-demo-child-'))
    await initDatabase(dir)
    const project = await createProject(
      makeProject({
        title: 'Budget clair',
        thumbnail: '/demo/projects/budget-clair-cover.webp',
        images: [],
      }),
    )
    expect(await runScript(dir)).toBe(0)

    const thumbnail = (await getProject(project.id))!.thumbnail
    expect(parseImageUrl(thumbnail), thumbnail).toBeDefined()
    expect(existsSync(path.join(dir, 'media', thumbnail.replace('/media/', '')))).toBe(true)
    const cv = await getCv()
    expect(cv?.file?.key).toBeDefined()
    expect(readdirSync(path.join(dir, 'private'))).toContain(cv!.file!.key)
  }, 60_000)
})
