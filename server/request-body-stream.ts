// A request's body as a web stream for React Router, like @react-router/node's
// `createReadableStreamFromReadable`, except that a reader who stops early (an upload refused
// past its size limit, a form route that answers before reading) does not destroy the request:
// destroying it resets the connection under a client still sending, which then never reads the
// answer. The request is only paused; drainUnreadBody (server/request-guard.ts) drops the rest
// once the answer is out.
import type { IncomingMessage } from 'node:http'

/** Bytes queued in the stream before the request is paused (as the upstream pump). */
const HIGH_WATER_MARK = 64 * 1024

export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false
  const detach = () => {
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('close', onEnd)
    req.off('error', onError)
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const onData = (chunk: Buffer) => {
    if (done) return
    // A copy, as upstream: the chunk may be a view of a buffer Node reuses.
    controller.enqueue(new Uint8Array(chunk))
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  // 'close' before 'end' is a client gone mid-body: the reader sees a truncated body, as with
  // the upstream pump (the parsers refuse it).
  const onEnd = () => {
    if (done) return
    done = true
    detach()
    controller.close()
  }
  const onError = (error: Error) => {
    if (done) return
    done = true
    detach()
    controller.error(error)
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.on('data', onData)
        req.once('end', onEnd)
        req.once('close', onEnd)
        req.once('error', onError)
      },
      pull() {
        if (!done && req.readable) req.resume()
      },
      cancel() {
        done = true
        detach()
        req.pause()
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  )
}
