// An enumeration declared once, by its French labels (value → label): its values are the
// labels' keys, in their order, so no value lacks a label and no label names a lost value.
// No I/O.

export function labelKeys<K extends string>(labels: Record<K, string>): readonly K[] {
  return Object.keys(labels) as K[]
}
