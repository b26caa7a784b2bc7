import { describe, expect, it } from 'vitest'
import { contrastRatio, THEMES } from '#app/domain/theme.ts'
import { MESSAGE_STATUSES } from '#app/domain/types.ts'
import { BADGE_COLORS } from './messages-inbox.tsx'

describe('message status badges (their colours)', () => {
  it.each(MESSAGE_STATUSES.map((status) => [status, BADGE_COLORS[status]] as const))(
    '%s: text meets WCAG AA 4.5:1 on its background (12px text)',
    (_status, { background, text }) => {
      expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(
        4.5,
      )
    },
  )

  it('keeps the status hues: new accent, read secondary, replied green, archived grey', () => {
    expect(BADGE_COLORS.new.background).toBe(THEMES.neutral.colors.accent)
    expect(BADGE_COLORS.read.background).toBe(THEMES.neutral.colors.secondary)
    expect(BADGE_COLORS.replied.background).toBe('#15803D')
    expect(BADGE_COLORS.archived.background).toBe('#71717A')
  })
})
