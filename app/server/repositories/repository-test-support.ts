// Checks the repository tests share (imported by `*.test.ts` only).
import { expect } from 'vitest'

/** Deleting `id` answers true and the item is gone; deleting it again answers false. */
export async function expectDeletedOnce(
  remove: (id: string) => Promise<boolean>,
  get: (id: string) => Promise<unknown>,
  id: string,
): Promise<void> {
  expect(await remove(id)).toBe(true)
  expect(await get(id)).toBeUndefined()
  expect(await remove(id)).toBe(false)
}
