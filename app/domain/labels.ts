// An enumeration declared once, by its French labels (value → label): its values are the
// labels' keys, in their order, so no value lacks a label and no label names a lost value.
// Its type is `keyof typeof X_LABELS`; a list of its values is kept only where one is read.
// No I/O.

export function labelKeys<K extends string>(labels: Record<K, string>): readonly K[] {
  return Object.keys(labels) as K[]
}

/** Whether `value` is one of `labels`' keys (a value read from a request or the database). */
export function isLabelKey<K extends string>(labels: Record<K, string>, value: string): value is K {
  return Object.hasOwn(labels, value)
}

/** `value` when it is one of `labels`' keys (a stored value read back), else `fallback`. */
export function labelKeyOr<K extends string>(
  labels: Record<K, string>,
  value: string,
  fallback: K,
): K {
  return isLabelKey(labels, value) ? value : fallback
}
