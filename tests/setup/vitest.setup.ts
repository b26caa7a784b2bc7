// STYLE §16: a console.error fails the test.
import { afterEach, beforeEach, expect, vi } from 'vitest'

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  expect(errors, 'console.error was called').toEqual([])
})
