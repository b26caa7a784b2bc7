// The shared poll loop (ADR 104): one pass at a time, a kick during a pass runs another right
// after it, stop waits for the pass in flight and ends the loop.
import { describe, expect, it } from 'vitest'
import { Poller } from './poller.server.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

describe('Poller', () => {
  it('joins a pass in flight, and a kick during it runs one more pass after it', async () => {
    const first = gate()
    let passes = 0
    const poller = new Poller(async () => {
      passes++
      if (passes === 1) await first.opened
      return passes
    }, 3_600_000)
    poller.start()
    await expect.poll(() => passes).toBe(1)
    const joined = poller.runOnce()
    poller.kick()
    first.open()
    expect(await joined).toBe(1)
    await expect.poll(() => passes).toBe(2)
    await poller.stop()
    expect(poller.stopped).toBe(true)
  })

  it('stop waits for the pass in flight, and nothing runs after it', async () => {
    const pass = gate()
    let passes = 0
    let finished = false
    const poller = new Poller(async () => {
      passes++
      await pass.opened
      finished = true
      return 1
    }, 0)
    poller.start()
    await expect.poll(() => passes).toBe(1)
    const stopping = poller.stop()
    poller.kick()
    pass.open()
    await stopping
    expect(finished).toBe(true)
    await new Promise((r) => setTimeout(r, 20))
    expect(passes).toBe(1)
  })
})
