import { describe, expect, it } from 'vitest'
import { isLabelKey, labelKeyOr, labelKeys } from './labels.ts'
import { OUTBOX_STATUS_LABELS } from './mail.ts'

describe('labelKeys', () => {
  it('gives the values in the order their labels are declared', () => {
    expect(labelKeys({ b: 'Bé', a: 'A', 'c-d': 'Cé dé' })).toEqual(['b', 'a', 'c-d'])
  })

  it('keeps the outbox statuses in their declared order', () => {
    expect(labelKeys(OUTBOX_STATUS_LABELS)).toEqual(['queued', 'unconfigured', 'sent', 'failed'])
    expect(OUTBOX_STATUS_LABELS.failed).toBe("Échec de l'envoi")
  })

  it('reads a stored value back as one of the keys, or the fallback', () => {
    expect(labelKeyOr(OUTBOX_STATUS_LABELS, 'sent', 'queued')).toBe('sent')
    expect(labelKeyOr(OUTBOX_STATUS_LABELS, 'lost', 'queued')).toBe('queued')
    expect(labelKeyOr(OUTBOX_STATUS_LABELS, 'toString', 'queued')).toBe('queued')
    expect(isLabelKey(OUTBOX_STATUS_LABELS, 'failed')).toBe(true)
    expect(isLabelKey(OUTBOX_STATUS_LABELS, 'constructor')).toBe(false)
  })
})
