// Two production builds side by side with the page cache off (ADR 039): server CPU per request
// of an older build (a copy of `build/` kept before a change) against the current `build/`, on
// copies of the demo content, with the same load (wrk -t1 -c50, 1 s of warm-up), alternating
// which build goes first. The ratio new ÷ old is the figure: both suffer the same machine load.
//
// Usage: cp -r build /tmp/old-build && ln -s "$PWD/node_modules" /tmp/node_modules
//        (change, npm run -s build)
//        node scripts/bench-builds.ts /tmp/old-build [--duration S] [--rounds N] [--paths /,/blog]
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { processCpuMs, spawnBenchServer, waitUntilSettled } from './lib/bench-server.ts'
import { discoverPaths } from './lib/load-generator.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const oldBuild = process.argv[2]
if (!oldBuild || oldBuild.startsWith('--')) {
  console.error('Usage: node scripts/bench-builds.ts OLD_BUILD_DIR [--duration S] [--rounds N]')
  process.exit(1)
}
const duration = Number(argument('duration') ?? 3)
const rounds = Number(argument('rounds') ?? 2)
const targets = [
  { name: 'old', build: path.resolve(oldBuild) },
  { name: 'new', build: path.join(ROOT, 'build') },
]

const servers = await Promise.all(
  targets.map(async (target) => ({
    ...target,
    ...(await spawnBenchServer(
      `builds-${target.name}`,
      { PAGE_CACHE: 'false', BUILD_DIR: target.build },
      path.join(target.build, 'server-entry.js'),
    )),
  })),
)

try {
  for (const server of servers) {
    for (let i = 0; i < 200; i++) {
      const up = await fetch(`${server.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await waitUntilSettled(server.child.pid)
  }
  const paths = argument('paths')?.split(',') ?? (await discoverPaths(servers[0]!.base))
  const cpu: Record<string, Record<string, number[]>> = {}
  for (let round = 0; round < rounds; round++) {
    for (const page of paths) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        spawnSync('wrk', ['-t1', '-c50', '-d1s', server.base + page])
        const before = processCpuMs(server.child.pid)
        const out = spawnSync('wrk', ['-t1', '-c50', `-d${duration}s`, server.base + page])
        const after = processCpuMs(server.child.pid)
        const requests = Number(/(\d+) requests in/.exec(out.stdout.toString())?.[1])
        ;((cpu[page] ??= {})[server.name] ??= []).push((after - before) / requests)
      }
    }
  }
  console.log(`CPU ms per request, page cache off (load average ${os.loadavg().join(' ')})`)
  const fixed = (values: number[]) => values.map((v) => v.toFixed(3)).join(' / ')
  for (const [page, byBuild] of Object.entries(cpu)) {
    const [old, now] = [byBuild.old!, byBuild.new!]
    const ratios = now.map((v, i) => (v / old[i]!).toFixed(2)).join(' / ')
    console.log(`${page.padEnd(42)} old ${fixed(old)}   new ${fixed(now)}   new ÷ old ${ratios}`)
  }
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}
