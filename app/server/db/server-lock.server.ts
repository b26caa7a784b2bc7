// DATA_DIR/vitrine.pid: the pid of the server running on this data directory, written at
// start-up and removed at exit. `npm run restore` refuses while it names a live process
// (ADR 069). A crash or kill -9 leaves the file behind; its pid then names no process
// (process.kill(pid, 0) fails with ESRCH) and the file counts as stale.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SERVER_LOCK_FILE = 'vitrine.pid'

export function serverLockPath(dataDir: string): string {
  return path.join(dataDir, SERVER_LOCK_FILE)
}

/** Whether a process with this pid exists (EPERM: it exists, owned by another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of a live server holding `dataDir`, or undefined (no file, or a stale one). */
export function runningServer(dataDir: string): number | undefined {
  let pid: number
  try {
    pid = Number.parseInt(readFileSync(serverLockPath(dataDir), 'utf8'), 10)
  } catch {
    return undefined
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined
  return alive(pid) ? pid : undefined
}

let held: string | undefined

/** Written by the server at start-up; removed when the process exits, however it exits. */
export function holdServerLock(dataDir: string): void {
  const file = serverLockPath(dataDir)
  if (held === file) return
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${process.pid}\n`)
  held = file
  process.once('exit', releaseServerLock)
}

/** Removes the file if it is still ours (a server started since on this DATA_DIR keeps its own). */
export function releaseServerLock(): void {
  const file = held
  if (!file) return
  held = undefined
  try {
    if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file)
  } catch {
    // Already gone.
  }
}
