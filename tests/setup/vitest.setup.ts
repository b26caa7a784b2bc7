// A console.error fails the test: an error the page logs is a bug even when the assertions pass.
import { afterEach, beforeEach, expect, vi } from 'vitest'

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  // A test that fakes the clock never leaves it faked for the next one.
  vi.useRealTimers()
  vi.restoreAllMocks()
  expect(errors, 'console.error was called').toEqual([])
})
