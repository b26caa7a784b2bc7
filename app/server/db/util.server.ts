import { randomBytes } from 'node:crypto'

/** Random, URL-safe text id (portable to PostgreSQL; not guessable). */
export function createId(): string {
  return randomBytes(12).toString('base64url')
}

export function nowIso(): string {
  return new Date().toISOString()
}

/** Parse a JSON column; a damaged value yields the fallback instead of a crash. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null)
}

export const toBool = (value: number | null | undefined): boolean => value === 1
export const fromBool = (value: boolean | undefined): number => (value ? 1 : 0)
