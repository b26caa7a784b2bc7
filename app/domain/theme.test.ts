import { describe, expect, it } from 'vitest'
import {
  contrastRatio,
  DEFAULT_THEME,
  parseStoredTheme,
  serializeTheme,
  THEME_BOOT_SCRIPT,
  THEME_LIST,
  THEME_STORAGE_KEY,
  THEMES,
  themeCss,
} from './theme.ts'

describe('themes', () => {
  it('has the four themes with their French labels and colours', () => {
    expect(THEME_LIST.map((t) => [t.id, t.label, t.colors])).toEqual([
      ['neutral', 'Mode Neutre', { primary: '#2D3436', secondary: '#40E0D0', accent: '#9B59B6' }],
      ['saiyan', 'Mode Saiyan', { primary: '#50C878', secondary: '#FFD700', accent: '#FF0000' }],
      ['sukuna', 'Mode Sukuna', { primary: '#4169E1', secondary: '#F0F8FF', accent: '#8B0000' }],
      ['ryuk', 'Mode Ryuk', { primary: '#FF7518', secondary: '#FFFFFF', accent: '#8DB600' }],
    ])
    expect(THEME_STORAGE_KEY).toBe('theme-storage')
    expect(DEFAULT_THEME).toBe('neutral')
  })

  it.each(THEME_LIST.map((t) => [t.id, t] as const))('%s meets WCAG AA contrast', (_id, t) => {
    for (const bg of [t.surface.background, t.surface.surface, t.surface.raised]) {
      for (const fg of [t.text.primary, t.text.secondary, t.text.muted, t.link]) {
        expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5)
      }
    }
    expect(contrastRatio(t.onPrimary, t.colors.primary)).toBeGreaterThanOrEqual(4.5)
  })

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBe(1)
  })

  it('reads the stored value in either shape and falls back to neutral', () => {
    expect(parseStoredTheme(serializeTheme('ryuk'))).toBe('ryuk')
    expect(parseStoredTheme('sukuna')).toBe('sukuna')
    expect(parseStoredTheme('{"state":{"currentTheme":"nope"}}')).toBe('neutral')
    expect(parseStoredTheme('{broken')).toBe('neutral')
    expect(parseStoredTheme(null)).toBe('neutral')
  })

  it('generates CSS variables for every theme and a boot script using the storage key', () => {
    const css = themeCss()
    for (const t of THEME_LIST) expect(css).toContain(`html[data-theme='${t.id}']`)
    expect(css).toContain(`--color-primary:${THEMES.saiyan.colors.primary}`)
    expect(THEME_BOOT_SCRIPT).toContain('"theme-storage"')
  })

  it('boot script applies the stored theme to <html>', () => {
    const attrs: Record<string, string> = {}
    const store: Record<string, string> = { 'theme-storage': serializeTheme('saiyan') }
    const fakeDocument = {
      documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) },
    }
    const fakeStorage = { getItem: (k: string) => store[k] ?? null }
    new Function('document', 'localStorage', THEME_BOOT_SCRIPT)(fakeDocument, fakeStorage)
    expect(attrs['data-theme']).toBe('saiyan')
  })
})
