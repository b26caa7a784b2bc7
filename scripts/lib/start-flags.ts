// The Node flags, environment and entry file of `npm start` (package.json), read from the
// script itself so the benchmarks start the server exactly as production does (ADR 027, 030,
// 037).
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface StartCommand {
  /** e.g. ['--max-semi-space-size=4', …] */
  nodeFlags: string[]
  /** Variables set in front of `node` in the script, e.g. { MALLOC_ARENA_MAX: '2' }. */
  env: Record<string, string>
  /** The file Node runs, relative to the project: `build/server-entry.js` (ADR 037) or
   * `server/index.ts` (the same code from source). */
  entry: string
}

export function parseStartScript(script: string): StartCommand {
  const match =
    /(?:^|&&|;)\s*((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--\S+)*)\s+(server\/index\.ts|build\/server-entry\.js)\b/.exec(
      script,
    )
  if (!match) throw new Error(`npm start does not run the server entry: ${script}`)
  const env: Record<string, string> = {}
  for (const pair of match[1]!.trim().split(/\s+/).filter(Boolean)) {
    const [name, ...value] = pair.split('=')
    env[name!] = value.join('=')
  }
  return { nodeFlags: match[2]!.trim().split(/\s+/).filter(Boolean), env, entry: match[3]! }
}

export function startCommand(root: string): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return parseStartScript(pkg.scripts.start!)
}
