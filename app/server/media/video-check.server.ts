// A video's container, checked beyond its first bytes : a file with a
// valid MP4 `ftyp` or WebM EBML header followed by anything else was accepted, and showed in
// the gallery as a video that never plays. Not a decoder: the structure a player needs first.
//   MP4  top-level boxes that tile the file exactly, a `moov` (the index) among them;
//   WebM the EBML header followed by a Segment.
import { open } from 'node:fs/promises'

export async function isReadableVideo(file: string, mime: string, size: number): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await handle.read(buffer, 0, length, position)
      return buffer.subarray(0, bytesRead)
    }
    if (mime === 'video/mp4') return await mp4Boxes(read, size)
    if (mime === 'video/webm') return webmSegment(await read(0, 64))
    return false
  } finally {
    await handle.close()
  }
}

type Reader = (position: number, length: number) => Promise<Buffer>

async function mp4Boxes(read: Reader, size: number): Promise<boolean> {
  let offset = 0
  let moov = false
  // A real file has a handful of top-level boxes; thousands mean junk that happens to parse.
  for (let boxes = 0; offset < size && boxes < 1000; boxes++) {
    const head = await read(offset, 16)
    if (head.length < 8) return false
    let length = head.readUInt32BE(0)
    const type = head.toString('latin1', 4, 8)
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false
    if (length === 1) {
      if (head.length < 16) return false
      length = Number(head.readBigUInt64BE(8))
    } else if (length === 0) {
      length = size - offset
    }
    if (length < 8 || offset + length > size) return false
    if (type === 'moov') moov = true
    offset += length
  }
  return moov && offset === size
}

/** EBML variable-length integer at `at`: its byte length and value, or undefined. */
function vint(bytes: Buffer, at: number, keepMarker: boolean) {
  const first = bytes[at]
  if (first === undefined || first === 0) return undefined
  const length = Math.clz32(first) - 23
  if (at + length > bytes.length) return undefined
  let value = keepMarker ? first : first & (0xff >> length)
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!
  return { length, value }
}

function webmSegment(bytes: Buffer): boolean {
  const header = vint(bytes, 0, true)
  if (!header || header.value !== 0x1a45dfa3) return false
  const headerSize = vint(bytes, header.length, false)
  if (!headerSize) return false
  const next = header.length + headerSize.length + headerSize.value
  const segment = vint(bytes, next, true)
  return segment?.value === 0x18538067
}
