// Maximum lengths of every field (ADR 004): they keep one request from storing megabytes of
// text. No Zod here, so a public form can read them without loading the schemas (ADR 086).
export const MAX_LENGTH = {
  /** names, titles, organisations, categories */
  short: 200,
  /** one tag */
  tag: 50,
  /** number of tags or images in one list */
  list: 50,
  /** a URL */
  url: 2048,
  /** e-mail address (RFC 5321) */
  email: 254,
  /** excerpts, descriptions, bios, contact messages */
  text: 5000,
  /** article and project bodies, custom CSS/JS */
  long: 100_000,
  /** password (Better Auth's bound) */
  password: 128,
} as const
