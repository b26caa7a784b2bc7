import { describe, expect, it } from 'vitest'
import { labelKeys } from './labels.ts'
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUSES } from './mail.ts'

describe('labelKeys', () => {
  it('gives the values in the order their labels are declared', () => {
    expect(labelKeys({ b: 'Bé', a: 'A', 'c-d': 'Cé dé' })).toEqual(['b', 'a', 'c-d'])
  })

  it('keeps the outbox statuses in their declared order', () => {
    expect(OUTBOX_STATUSES).toEqual(['queued', 'unconfigured', 'sent', 'failed'])
    expect(OUTBOX_STATUS_LABELS.failed).toBe("Échec de l'envoi")
  })
})
