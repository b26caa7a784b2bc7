// Where the tests keep their scratch files (temporary databases, servers' data folders):
// memory-backed storage when the machine has room in it, else the system's temporary folder.
// The suites create thousands of SQLite databases, and the product commits with
// synchronous=FULL (ADR 002): on a disk shared with other work every commit waits for an
// fsync, which made the integration tests wait on the disk more than they computed. The
// code under test is unchanged; only its storage is faster.
import { accessSync, constants, statfsSync } from 'node:fs'

const MEMORY_DIR = '/dev/shm'
const ROOM_NEEDED = 1024 ** 3 // bytes: a container's 64 MB /dev/shm is too small

function memoryDir(): string | undefined {
  try {
    accessSync(MEMORY_DIR, constants.W_OK)
    const fs = statfsSync(MEMORY_DIR)
    return fs.bavail * fs.bsize >= ROOM_NEEDED ? MEMORY_DIR : undefined
  } catch {
    return undefined
  }
}

/**
 * The TMPDIR the test runners give their workers (and, through them, the servers and
 * scripts they start): memory-backed storage if available; an explicit TMPDIR wins.
 */
export function scratchEnv(): Record<string, string> {
  if (process.env.TMPDIR) return {}
  const dir = memoryDir()
  return dir ? { TMPDIR: dir } : {}
}
