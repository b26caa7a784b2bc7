// The shared poll loop (ADR 104): one pass at a time, a kick during a pass runs another right
// after it, stop waits for the pass in flight and ends the loop.
import { describe, expect, it } from 'vitest'
import { Poller } from './poller.server.ts'

/**
 * A started poller every `intervalMs`, its first pass in flight and held until `open()`;
 * `state.passes` counts the passes begun, `state.finished` says the first one ended.
 */
async function pollerInFirstPass(intervalMs: number) {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  const state = { passes: 0, finished: false }
  const poller = new Poller(async () => {
    state.passes++
    if (state.passes === 1) await opened
    state.finished = true
    return state.passes
  }, intervalMs)
  poller.start()
  await expect.poll(() => state.passes).toBe(1)
  return { poller, state, open }
}

describe('Poller', () => {
  it('joins a pass in flight, and a kick during it runs one more pass after it', async () => {
    const { poller, state, open } = await pollerInFirstPass(3_600_000)
    const joined = poller.runOnce()
    poller.kick()
    open()
    expect(await joined).toBe(1)
    await expect.poll(() => state.passes).toBe(2)
    await poller.stop()
    expect(poller.stopped).toBe(true)
  })

  it('stop waits for the pass in flight, and nothing runs after it', async () => {
    const { poller, state, open } = await pollerInFirstPass(0)
    const stopping = poller.stop()
    poller.kick()
    open()
    await stopping
    expect(state.finished).toBe(true)
    await new Promise((r) => setTimeout(r, 20))
    expect(state.passes).toBe(1)
  })
})
