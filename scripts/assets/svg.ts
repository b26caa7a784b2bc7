// Small SVG helpers for the asset generators: escaping, wrapping, a seeded random source.

export const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"

export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** Greedy word wrap by an estimated number of characters per line. */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (candidate.length > maxChars && line) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  return lines
}

/** Lines of text starting at (x, y), one every `lineHeight` pixels. */
export function textLines(
  lines: string[],
  x: number,
  y: number,
  lineHeight: number,
  attrs: string,
): string {
  return lines
    .map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" ${attrs}>${esc(l)}</text>`)
    .join('')
}

export function svg(width: number, height: number, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`
}

/** Deterministic pseudo-random numbers (mulberry32) so a re-run renders the same images. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function hashString(text: string): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return h >>> 0
}

export interface Palette {
  /** background gradient, dark to light */
  from: string
  to: string
  /** two accents */
  a: string
  b: string
  /** light ink */
  ink: string
}

export const PALETTES: Palette[] = [
  { from: '#1e1b4b', to: '#6d28d9', a: '#f472b6', b: '#22d3ee', ink: '#f5f3ff' },
  { from: '#052e16', to: '#15803d', a: '#facc15', b: '#fb923c', ink: '#f0fdf4' },
  { from: '#0c1a3a', to: '#1d4ed8', a: '#fbbf24', b: '#34d399', ink: '#eff6ff' },
  { from: '#3b0764', to: '#be185d', a: '#fde047', b: '#38bdf8', ink: '#fdf2f8' },
  { from: '#431407', to: '#ea580c', a: '#fef08a', b: '#a78bfa', ink: '#fff7ed' },
  { from: '#042f2e', to: '#0f766e', a: '#f9a8d4', b: '#fcd34d', ink: '#f0fdfa' },
  { from: '#172554', to: '#7c3aed', a: '#2dd4bf', b: '#f472b6', ink: '#f5f3ff' },
]

/** Gradient, glow and dot-grid definitions shared by most compositions. */
export function baseDefs(p: Palette, id = ''): string {
  return `
  <linearGradient id="bg${id}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>
  </linearGradient>
  <radialGradient id="glowA${id}"><stop offset="0" stop-color="${p.a}" stop-opacity="0.75"/><stop offset="1" stop-color="${p.a}" stop-opacity="0"/></radialGradient>
  <radialGradient id="glowB${id}"><stop offset="0" stop-color="${p.b}" stop-opacity="0.6"/><stop offset="1" stop-color="${p.b}" stop-opacity="0"/></radialGradient>
  <pattern id="dots${id}" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2" fill="#ffffff" fill-opacity="0.22"/></pattern>`
}
