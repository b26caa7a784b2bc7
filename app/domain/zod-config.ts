// Zod's process-wide configuration, imported by every module that builds a schema
// (directly or through app/domain/common.ts, checked by tests/lint/zod-config.test.ts) and
// first by app/entry.server.tsx. Not by the root: a public page that builds no schema loads
// no Zod (ADR 086). On the server and in the browser alike:
// - `jitless`: Zod otherwise probes `new Function('')` when it builds its first object
//   schema; under our Content-Security-Policy (no 'unsafe-eval') that probe raises a CSP
//   violation report on every page that loads a form, drowning real reports;
// - a French message for every refusal a schema does not word itself (ADR 004), so no
//   English "Invalid input: expected string, received array" ever reaches a form.
import { z } from 'zod'

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'une case à cocher',
  array: 'une liste',
  object: 'un ensemble de champs',
  date: 'une date',
}

type Issue = Parameters<NonNullable<Parameters<typeof z.config>[0]>['localeError'] & {}>[0]

/** French text of a Zod issue (the fallback after a schema's own message). */
export function frenchZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'Champ requis'
      const expected = TYPE_NAMES[String(issue.expected)]
      return expected ? `Valeur invalide : ${expected} est attendu` : 'Valeur invalide'
    }
    case 'too_big': {
      const max = String(issue.maximum)
      if (issue.origin === 'string') return `${max} caractères maximum`
      if (issue.origin === 'array' || issue.origin === 'set') return `${max} éléments maximum`
      if (issue.origin === 'file') return `Fichier trop volumineux (${max} octets maximum)`
      return `Valeur trop grande (${max} au maximum)`
    }
    case 'too_small': {
      const min = String(issue.minimum)
      if (issue.origin === 'string')
        return min === '1' ? 'Champ requis' : `${min} caractères minimum`
      if (issue.origin === 'array' || issue.origin === 'set') return `${min} éléments minimum`
      return `Valeur trop petite (${min} au minimum)`
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Adresse e-mail invalide'
      if (issue.format === 'url') return 'URL invalide'
      return 'Format invalide'
    case 'not_multiple_of':
      return 'Valeur invalide'
    case 'unrecognized_keys':
      return 'Champs inconnus'
    case 'invalid_value':
      return 'Valeur non autorisée'
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Valeur invalide'
  }
}

z.config({ jitless: true, localeError: frenchZodMessage })

export { z }
