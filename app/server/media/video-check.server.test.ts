// Videos are checked beyond their first bytes: a container a player can open.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isReadableVideo } from './video-check.server.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-video-'))

async function check(bytes: Buffer, mime: string) {
  const file = path.join(dir, `v-${Math.random().toString(36).slice(2)}`)
  writeFileSync(file, bytes)
  return isReadableVideo(file, mime, bytes.length)
}

function box(type: string, body: Buffer = Buffer.alloc(0)) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'))

describe('isReadableVideo', () => {
  it('accepts the shipped WebM and an MP4 whose boxes tile the file with an index', async () => {
    expect(await check(readFileSync('public/videos/gallery-demo.webm'), 'video/webm')).toBe(true)
    const mp4 = Buffer.concat([
      ftyp,
      box('moov', Buffer.alloc(100)),
      box('mdat', Buffer.alloc(5000)),
    ])
    expect(await check(mp4, 'video/mp4')).toBe(true)
    // The last box may run to the end of the file (size 0).
    const open = Buffer.concat([
      ftyp,
      box('moov'),
      Buffer.from('00000000', 'hex'),
      Buffer.from('mdat'),
      Buffer.alloc(300),
    ])
    expect(await check(open, 'video/mp4')).toBe(true)
  })

  it('refuses a valid header followed by junk, a truncated file or one without an index', async () => {
    const junk = Buffer.concat([ftyp, Buffer.alloc(5000, 7)])
    expect(await check(junk, 'video/mp4')).toBe(false)
    const noIndex = Buffer.concat([ftyp, box('mdat', Buffer.alloc(5000))])
    expect(await check(noIndex, 'video/mp4')).toBe(false)
    const truncated = Buffer.concat([ftyp, box('moov'), box('mdat', Buffer.alloc(5000))]).subarray(
      0,
      3000,
    )
    expect(await check(truncated, 'video/mp4')).toBe(false)
    const webm = readFileSync('public/videos/gallery-demo.webm')
    // The EBML header kept, everything after it replaced.
    const headerLength = 4 + 1 + (webm[4]! & 0x7f)
    const fake = Buffer.concat([webm.subarray(0, headerLength), Buffer.alloc(4000, 9)])
    expect(await check(fake, 'video/webm')).toBe(false)
    expect(await check(Buffer.alloc(100), 'video/webm')).toBe(false)
  })
})
