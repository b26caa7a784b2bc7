// A console.error fails the test: an error the page logs is a bug even when the assertions pass.
import { afterEach, beforeEach, expect, vi } from 'vitest'
// The French catalogue, registered as the server entry does at start (ADR 105).
import '#app/domain/i18n/french.ts'

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
