// Stale translations (ADR 094): each English field remembers the French text it was translated
// from; when the French text is no longer that text, the field is « à revoir » and the hub
// shows what changed in French, word by word, until the English version is saved again.
// No I/O.
import type { diffWords } from 'diff'
import type { TranslationData } from './translation.ts'

/** One piece of a word diff: kept, added to or removed from the French text. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** An English field whose French text changed since it was translated. */
export interface StaleField {
  field: string
  parts: DiffPart[]
}

/** Field → the French text an English field was translated from. */
export type TranslationSources = Record<string, string>

/** Beyond this many word edits the diff shows the old and the new text whole (bounded work). */
const MAX_EDITS = 2000

/** Fields that are no translation of a French text (an address of its own, ADR 084). */
const NOT_COMPARED: ReadonlySet<string> = new Set(['slug'])

/** The French value of a field as text ('' when absent or not a text). */
function frenchText(french: Readonly<Record<string, unknown>>, field: string): string {
  const value = french[field]
  return typeof value === 'string' ? value : ''
}

/**
 * The sources to store with an English version: for each English field filled, the French
 * text it is a translation of, as it is now.
 */
export function sourcesOf(
  fields: readonly string[],
  french: Readonly<Record<string, unknown>>,
  data: TranslationData,
): TranslationSources {
  const sources: TranslationSources = {}
  for (const field of fields) {
    if (NOT_COMPARED.has(field) || !data[field]) continue
    sources[field] = frenchText(french, field)
  }
  return sources
}

/** The English fields whose French text is no longer the one they were translated from. */
export function staleFieldNames(
  fields: readonly string[],
  french: Readonly<Record<string, unknown>>,
  data: TranslationData | undefined,
  sources: TranslationSources | undefined,
): string[] {
  if (!data || !sources) return []
  return fields.filter(
    (field) =>
      !!data[field] &&
      typeof sources[field] === 'string' &&
      sources[field] !== frenchText(french, field),
  )
}

/** The `diff` package's word diff, loaded by the caller at first use (ADR 030). */
export type WordDiffer = typeof diffWords

/** Old French → new French, word by word (whole texts past MAX_EDITS edits). */
export function wordDiff(before: string, after: string, diffWords: WordDiffer): DiffPart[] {
  const changes = diffWords(before, after, { maxEditLength: MAX_EDITS })
  if (!changes)
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }))
}

/** Each stale field with its French difference (the English form's notice). */
export function staleFields(
  fields: readonly string[],
  french: Readonly<Record<string, unknown>>,
  data: TranslationData | undefined,
  sources: TranslationSources | undefined,
  diffWords: WordDiffer,
): StaleField[] {
  return staleFieldNames(fields, french, data, sources).map((field) => ({
    field,
    parts: wordDiff(sources![field]!, frenchText(french, field), diffWords),
  }))
}
