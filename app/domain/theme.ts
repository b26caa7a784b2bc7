// The four themes: labels and primary/secondary/accent colours are the design's own;
// the text colours are ours, chosen for WCAG AA contrast (4.5:1)
// against the theme's background and surface (checked by theme.test.ts). The CSS custom
// properties are generated from this table (root <style>), so CSS and tests never drift.

export const THEME_IDS = ['neutral', 'saiyan', 'sukuna', 'ryuk'] as const
export type ThemeId = (typeof THEME_IDS)[number]

/** Local storage key and default theme. */
export const THEME_STORAGE_KEY = 'theme-storage'
export const DEFAULT_THEME: ThemeId = 'neutral'

export interface Theme {
  id: ThemeId
  label: string
  colors: { primary: string; secondary: string; accent: string }
  text: { primary: string; secondary: string; muted: string }
  /** Page background, raised surfaces and borders (dark, "dimensional"). */
  surface: { background: string; surface: string; raised: string; border: string }
  /** Readable text on a primary-coloured button. */
  onPrimary: string
  /** Links and highlighted words on the background. */
  link: string
}

type Trio = [string, string, string]
type Palette = [
  label: string,
  colors: Trio,
  text: Trio,
  surface: [background: string, surface: string, raised: string, border: string],
  onPrimary: string,
  link: string,
]

// One row a theme, its columns in the order of `Theme`.
// prettier-ignore
const PALETTES: Record<ThemeId, Palette> = {
  //        label          colors: primary, secondary, accent  text: primary, secondary, muted   surface: background, surface, raised, border    onPrimary  link
  neutral: ['Mode Neutre', ['#2D3436', '#40E0D0', '#9B59B6'], ['#F4F7F7', '#CBD5D8', '#A3B0B4'], ['#0D1113', '#161C1F', '#1F272B', '#33403F'], '#FFFFFF', '#40E0D0'],
  saiyan: ['Mode Saiyan', ['#50C878', '#FFD700', '#FF0000'], ['#F6FBF4', '#D5E6D8', '#A8C2AE'], ['#08120C', '#0F1E15', '#17291D', '#2B4634'], '#04110A', '#FFD700'],
  sukuna: ['Mode Sukuna', ['#4169E1', '#F0F8FF', '#8B0000'], ['#F0F8FF', '#CAD6EE', '#A3B1D1'], ['#090C19', '#111630', '#1A2142', '#2C3766'], '#FFFFFF', '#9DB6FF'],
  ryuk:   ['Mode Ryuk',   ['#FF7518', '#FFFFFF', '#8DB600'], ['#FFFFFF', '#E3D9D1', '#B8A99D'], ['#110B07', '#1C130D', '#281B12', '#4A3323'], '#140800', '#FF9A52'],
}

function themeOf(id: ThemeId): Theme {
  const [label, colors, text, surface, onPrimary, link] = PALETTES[id]
  const [background, surfaceColor, raised, border] = surface
  return {
    id,
    label,
    colors: { primary: colors[0], secondary: colors[1], accent: colors[2] },
    text: { primary: text[0], secondary: text[1], muted: text[2] },
    surface: { background, surface: surfaceColor, raised, border },
    onPrimary,
    link,
  }
}

export const THEMES = Object.fromEntries(THEME_IDS.map((id) => [id, themeOf(id)])) as Record<
  ThemeId,
  Theme
>

export const THEME_LIST: readonly Theme[] = THEME_IDS.map((id) => THEMES[id])

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEME_IDS as readonly string[]).includes(value)
}

/**
 * Reads the stored theme. The value is JSON `{"state":{"currentTheme":"saiyan"}}` (the shape
 * the original store persisted); a bare theme id is accepted too. Anything else → default.
 */
export function parseStoredTheme(raw: string | null | undefined): ThemeId {
  if (!raw) return DEFAULT_THEME
  if (isThemeId(raw)) return raw
  try {
    const parsed: unknown = JSON.parse(raw)
    if (parsed && typeof parsed === 'object' && 'state' in parsed) {
      const state = (parsed as { state: unknown }).state
      if (state && typeof state === 'object' && 'currentTheme' in state) {
        const id = (state as { currentTheme: unknown }).currentTheme
        if (isThemeId(id)) return id
      }
    }
  } catch {
    // A damaged value falls back to the default theme.
  }
  return DEFAULT_THEME
}

export function serializeTheme(id: ThemeId): string {
  return JSON.stringify({ state: { currentTheme: id }, version: 0 })
}

/** CSS custom properties of every theme, keyed by `html[data-theme]` (neutral is also :root). */
export function themeCss(): string {
  return THEME_LIST.map((t) => {
    const selector =
      t.id === DEFAULT_THEME ? `:root,html[data-theme='${t.id}']` : `html[data-theme='${t.id}']`
    const vars: Record<string, string> = {
      '--color-primary': t.colors.primary,
      '--color-secondary': t.colors.secondary,
      '--color-accent': t.colors.accent,
      '--color-fg': t.text.primary,
      '--color-fg-2': t.text.secondary,
      '--color-muted': t.text.muted,
      '--color-bg': t.surface.background,
      '--color-surface': t.surface.surface,
      '--color-raised': t.surface.raised,
      '--color-line': t.surface.border,
      '--color-on-primary': t.onPrimary,
      '--color-link': t.link,
    }
    const body = Object.entries(vars)
      .map(([k, v]) => `${k}:${v}`)
      .join(';')
    return `${selector}{${body}}`
  }).join('\n')
}

/**
 * Runs in <head> before the first paint: applies the stored theme to <html> so a reload
 * never flashes the default. Kept tiny and dependency-free (it is inlined as text).
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var ids=${JSON.stringify(THEME_IDS)};var raw=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var id=${JSON.stringify(DEFAULT_THEME)};if(raw){if(ids.indexOf(raw)>=0){id=raw}else{var p=JSON.parse(raw);var c=p&&p.state&&p.state.currentTheme;if(ids.indexOf(c)>=0)id=c}}document.documentElement.setAttribute('data-theme',id)}catch(e){document.documentElement.setAttribute('data-theme',${JSON.stringify(DEFAULT_THEME)})}})()`

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const n = hex.replace('#', '')
  const channels = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}
