// Background videos of the sign-in pages ship in public/videos (demo content). A missing
// file is not requested at all, so the page falls back to its CSS gradient without a 404.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { envField } from '../core/env.server.ts'
import { getCache } from '../cache/caches.server.ts'
import { configuredProviders } from './auth.server.ts'

const found = getCache<string, boolean>('sign-in-videos', { max: 2 })

export function shippedVideo(name: 'login-bg.webm' | 'register-bg.webm'): string | null {
  let exists = found.get(name)
  if (exists === undefined) {
    const buildDir = envField('BUILD_DIR')
    exists = [path.join(buildDir, 'client/videos', name), path.join('public/videos', name)].some(
      (file) => existsSync(file),
    )
    found.set(name, exists)
  }
  return exists ? `/videos/${name}` : null
}

/** What the sign-in pages need from the server. */
export function authPageData(video: 'login-bg.webm' | 'register-bg.webm') {
  return { video: shippedVideo(video), providers: configuredProviders() }
}
