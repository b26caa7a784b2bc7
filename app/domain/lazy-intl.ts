// Intl formatters created on first use (ADR 041). The first Intl.DateTimeFormat or
// Intl.Collator makes Node map megabytes of ICU data for the life of the process, so a
// module-level one (an admin screen, a mail template: all bundled into the server build)
// costs memory at start-up although a public visitor never uses it.

/** An Intl.DateTimeFormat built at the first call of `format` or `formatToParts`. */
export function lazyDateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Pick<Intl.DateTimeFormat, 'format' | 'formatToParts'> {
  let formatter: Intl.DateTimeFormat | undefined
  const get = () => (formatter ??= new Intl.DateTimeFormat(locale, options))
  return {
    format: (date) => get().format(date),
    formatToParts: (date) => get().formatToParts(date),
  }
}

/** An Intl.Collator built at the first comparison. */
export function lazyCollator(
  locale: string,
  options: Intl.CollatorOptions,
): Pick<Intl.Collator, 'compare'> {
  let collator: Intl.Collator | undefined
  return { compare: (a, b) => (collator ??= new Intl.Collator(locale, options)).compare(a, b) }
}
