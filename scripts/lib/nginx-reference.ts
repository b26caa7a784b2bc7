// nginx as a second reference of `npm run bench:http` (ADR 035; the cache-on aim is a share of
// its req/s on the same bytes, ADR 058): when the machine has nginx (Debian: `apt-get install -y nginx`),
// it serves each measured page's exact bytes from files, from a configuration generated in a
// temporary directory (no root needed: no daemon, pid, logs and temporary files in that
// directory, a free loopback port, no access log). One worker process, as Vitrine runs in one
// Node process; its CPU time and RSS are read from that worker.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'

/** The nginx binary, or undefined when the machine has none. */
export function findNginx(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], {
    encoding: 'utf8',
  })
  const binary = found.stdout.split('\n')[0]?.trim()
  return found.status === 0 && binary ? binary : undefined
}

/** The nginx configuration serving `files` (URL path → file) on `port`. */
export function nginxConfig(
  dir: string,
  port: number,
  files: Record<string, string>,
  without: string[],
) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .filter((module) => module === 'client_body' || !without.includes(module))
    .map((module) => `  ${module}_temp_path ${path.join(dir, 'temp', module)};`)
  const locations = Object.entries(files).map(
    ([urlPath, file]) => `    location = ${urlPath} { try_files /${path.basename(file)} =404; }`,
  )
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    '  server_tokens off;',
    ...temp,
    '  types { }',
    '  default_type text/html;',
    '  charset utf-8;',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 1000000;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${path.join(dir, 'pages')};`,
    ...locations,
    '    location / { return 404; }',
    '  }',
    '}',
    '',
  ].join('\n')
}

export interface NginxReference {
  child: ChildProcess
  origin: string
  /** The worker process (requests' CPU time and RSS). */
  workerPid: number | undefined
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts nginx serving `pages` (URL path → HTML) from files; throws when it cannot start. */
export async function startNginx(
  binary: string,
  pages: Record<string, string>,
): Promise<NginxReference> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-nginx-'))
  // Started by root, nginx's worker runs as an unprivileged user: it must read the pages.
  chmodSync(dir, 0o755)
  const files: Record<string, string> = {}
  mkdirSync(path.join(dir, 'pages'), { mode: 0o755 })
  mkdirSync(path.join(dir, 'temp'))
  Object.entries(pages).forEach(([urlPath, html], i) => {
    const file = path.join(dir, 'pages', `${i}.html`)
    writeFileSync(file, html, { mode: 0o644 })
    files[urlPath] = file
  })
  const version = spawnSync(binary, ['-V'], { encoding: 'utf8' })
  const without = [
    ...`${version.stdout}${version.stderr}`.matchAll(/--without-http_(\w+)_module/g),
  ].map((m) => m[1]!)
  const port = await freePort()
  const config = path.join(dir, 'nginx.conf')
  writeFileSync(config, nginxConfig(dir, port, files, without))
  const child = spawn(binary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, sleep(5_000)])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const first = Object.keys(pages)[0] ?? '/'
  for (let i = 0; i < 500; i++) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`${origin}${first}`)).ok) {
        return { child, origin, workerPid: workerOf(child.pid), stop }
      }
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  let log = ''
  try {
    log = readFileSync(path.join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-3).join(' ')
  } catch {
    // no log
  }
  await stop()
  throw new Error(`nginx did not start${log ? `: ${log}` : ''}`)
}

/** nginx's worker: the master's only child (Linux /proc). */
function workerOf(masterPid: number | undefined): number | undefined {
  try {
    const children = readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8')
    const pid = Number(children.trim().split(/\s+/)[0])
    return pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
