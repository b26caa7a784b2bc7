// `npm run bench:media` (ADR 017): in a temporary DATA_DIR with the demo content,
// 1. the image bytes a first mobile visit of / downloads with the shipped /demo/ images
//    (before) and once they went through the media pipeline (after), in Chromium;
// 2. a 24-megapixel JPEG and a 100 MB video uploaded through POST /api/media/upload:
//    the time until the response (the variants are made before it) and the server's peak
//    resident memory during the uploads (aim: under 250 MB).
// Prints figures; asserts nothing. Loopback only; the server is stopped at the end.
// `--uploads-only` skips the visit of / (and the demo import it needs). `--s3` runs the
// uploads twice in the same run, on the local disk and then in a bucket of a local S3 API
// server (s3rver, ADR 068), and also times reading the video back through /media/….
import { spawn, type ChildProcess } from 'node:child_process'
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { migrateToLatest, openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { seedDemoContent } from '#app/server/demo/seed.server.ts'
import { importDemoImages } from '#app/server/media/demo-import.server.ts'
import { mediaStorage } from '#app/server/media/storage.server.ts'
import { createSessionCookie, createTestUser } from '../tests/fixtures/auth.ts'
import { startS3 } from '../tests/fixtures/s3.ts'
import { freePort } from './lib/free-port.ts'
import { startCommand } from './lib/start-flags.ts'

const SECRET = 'bench-secret-bench-secret-bench-secret-01'
const MB = 1024 * 1024

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** Image bytes a fresh mobile visit of / downloads (what the page itself asks for). */
async function mobileImageBytes(url: string): Promise<{ bytes: number; count: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    let bytes = 0
    let count = 0
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return
      const body = await response.body().catch(() => Buffer.alloc(0))
      bytes += body.length
      count++
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(1500)
    return { bytes, count }
  } finally {
    await browser.close()
  }
}

async function upload(base: string, cookie: string, file: string, name: string) {
  const start = performance.now()
  const res = await fetch(`${base}/api/media/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Cookie: `better-auth.session_token=${cookie}`, Origin: base },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit)
  const body = (await res.json()) as { item?: { url: string }; error?: string }
  const seconds = (performance.now() - start) / 1000
  if (!res.ok) throw new Error(`${name}: ${res.status} ${body.error}`)
  return { seconds, url: body.item?.url ?? '' }
}

/** Reads `url` to the end; seconds and the server's peak RSS meanwhile. */
async function download(url: string, pid: number, range?: string) {
  let peak = rssMb(pid, 'VmRSS')
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid, 'VmRSS'))
  }, 25)
  const start = performance.now()
  const res = await fetch(url, { headers: range ? { Range: range } : {} })
  let bytes = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
  clearInterval(sampler)
  return { status: res.status, bytes, seconds: (performance.now() - start) / 1000, peak }
}

async function measure(label: string, storageEnv: Record<string, string>, uploadsOnly: boolean) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-media-'))
  let server: ChildProcess | undefined
  try {
    const handle = openDatabase(path.join(dataDir, 'vitrine.db'))
    await migrateToLatest(handle.db)
    setDatabase(handle)
    await seedDemoContent()
    const admin = await createTestUser({ role: 'admin' })
    const cookie = await createSessionCookie(admin.id, SECRET)

    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // The server runs as `npm start` runs it (same Node flags and variables, package.json).
    const start = startCommand(path.resolve(import.meta.dirname, '..'))
    server = spawn(process.execPath, [...start.nodeFlags, start.entry], {
      env: {
        ...process.env,
        ...start.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'error',
        BETTER_AUTH_SECRET: SECRET,
        ...storageEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const deadline = Date.now() + 20_000
    for (;;) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      if (Date.now() > deadline) throw new Error('server did not start')
      await new Promise((r) => setTimeout(r, 100))
    }

    // 1. First mobile visit of /, before and after the demo images went through the pipeline.
    const none = { bytes: 0, count: 0 }
    const before = uploadsOnly ? none : await mobileImageBytes(`${base}/`)
    const importStart = performance.now()
    const imported = uploadsOnly ? 0 : await importDemoImages(mediaStorage(dataDir))
    const importSeconds = (performance.now() - importStart) / 1000
    const after = uploadsOnly ? none : await mobileImageBytes(`${base}/`)

    // 2. Uploads: a 24-megapixel photo and a 100 MB video, streamed from disk.
    const photo = path.join(dataDir, 'photo-24mpx.jpg')
    await sharp({
      create: {
        width: 6000,
        height: 4000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toFile(photo)
    const video = path.join(dataDir, 'video-100mb.mp4')
    // ftyp: size 32, brand isom, version 0x200, compatible brands isom iso2 avc1 mp41.
    const ftyp = Buffer.concat([
      Buffer.from('00000020', 'hex'),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.from('00000200', 'hex'),
      Buffer.from('isomiso2avc1mp41', 'latin1'),
    ])
    // An (empty) index box: the pipeline checks that a video has one (video-check.server.ts).
    const moov = Buffer.from('000000086d6f6f76', 'hex')
    const mdatSize = 100 * MB - ftyp.length - moov.length
    const mdat = Buffer.alloc(8)
    mdat.writeUInt32BE(mdatSize)
    mdat.write('mdat', 4)
    await pipeline(
      (async function* () {
        yield ftyp
        yield moov
        yield mdat
        const chunk = Buffer.alloc(MB, 7)
        for (let sent = 8; sent < mdatSize; sent += chunk.length) {
          yield chunk.subarray(0, Math.min(chunk.length, mdatSize - sent))
        }
      })(),
      createWriteStream(video),
    )

    const pid = server.pid!
    const rssBefore = rssMb(pid, 'VmRSS')
    let peak = rssBefore
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid, 'VmRSS'))
    }, 25)
    const image = await upload(base, cookie, photo, 'photo-24mpx.jpg')
    const imagePeak = peak
    peak = rssMb(pid, 'VmRSS')
    const movie = await upload(base, cookie, video, 'video-100mb.mp4')
    clearInterval(sampler)
    const videoPeak = Math.max(peak, rssMb(pid, 'VmRSS'))
    // Reading the video back, whole and one seek, streamed through the app.
    const whole = await download(`${base}${movie.url}`, pid)
    const seek = await download(`${base}${movie.url}`, pid, 'bytes=52428800-53477375')
    const lifetimePeak = rssMb(pid, 'VmHWM')

    const kb = (n: number) => `${(n / 1024).toFixed(1)} Ko`
    const saved = before.bytes > 0 ? (1 - after.bytes / before.bytes) * 100 : 0
    console.log(`\nbench:media — Vitrine (${label})`)
    console.log(
      `Photo 24 Mpx (${(statSync(photo).size / MB).toFixed(1)} Mo) : variantes prêtes en ${image.seconds.toFixed(2)} s (${image.url})`,
    )
    console.log(`Vidéo 100 Mo : enregistrée en ${movie.seconds.toFixed(2)} s`)
    console.log(
      `Mémoire résidente du serveur (objectif < 250 Mo) : ${rssBefore.toFixed(0)} Mo avant les envois, pic ${imagePeak.toFixed(0)} Mo pendant la photo, ${videoPeak.toFixed(0)} Mo pendant la vidéo (pic de toute la vie du processus : ${lifetimePeak.toFixed(0)} Mo)`,
    )
    console.log(
      `Lecture de la vidéo par /media : ${whole.status}, ${(whole.bytes / MB).toFixed(0)} Mo en ${whole.seconds.toFixed(2)} s (pic ${whole.peak.toFixed(0)} Mo) ; saut d'1 Mo : ${seek.status} en ${(seek.seconds * 1000).toFixed(0)} ms`,
    )
    if (!uploadsOnly) {
      console.log(
        `Images de démonstration passées par le pipeline : ${imported} en ${importSeconds.toFixed(1)} s`,
      )
      console.log(
        `Première visite mobile de / (412 px, DPR 2,625) : ${kb(before.bytes)} d'images (${before.count}) avant, ${kb(after.bytes)} (${after.count}) après, soit ${saved.toFixed(0)} % de moins (objectif ≥ 50 %)`,
      )
    }
  } finally {
    if (server && server.exitCode === null) {
      await new Promise<void>((resolve) => {
        server!.once('exit', () => resolve())
        server!.kill('SIGTERM')
      })
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const uploadsOnly = process.argv.includes('--uploads-only')
if (process.argv.includes('--s3')) {
  await measure('disque local', {}, true)
  const s3 = await startS3()
  try {
    await measure(`S3 : s3rver local, ${s3.endpoint}`, s3.env, true)
  } finally {
    await s3.close()
  }
} else {
  await measure('disque local', {}, uploadsOnly)
}
