// SVG compositions rendered to WebP by generate-images.ts: project covers and screens, blog
// thumbnails, gallery artworks, avatars, logo and Open Graph image. All drawn from code so the
// repository can regenerate them (no third-party images).
import {
  FONT,
  PALETTES,
  baseDefs,
  esc,
  hashString,
  random,
  svg,
  textLines,
  wrap,
  type Palette,
} from './svg.ts'

const W = 1200
const H = 800

export function paletteFor(index: number): Palette {
  return PALETTES[index % PALETTES.length]!
}

function tagPills(tags: string[], x: number, y: number, p: Palette): string {
  let cx = x
  return tags
    .slice(0, 4)
    .map((tag) => {
      const width = Math.round(tag.length * 13 + 36)
      const out = `<rect x="${cx}" y="${y}" width="${width}" height="44" rx="22" fill="#ffffff" fill-opacity="0.14" stroke="${p.ink}" stroke-opacity="0.35"/><text x="${cx + width / 2}" y="${y + 29}" text-anchor="middle" font-family="${FONT}" font-size="22" fill="${p.ink}">${esc(tag)}</text>`
      cx += width + 14
      return out
    })
    .join('')
}

/** Project thumbnail: title, number, tags over a gradient with geometric shapes. */
export function projectCover(title: string, tags: string[], index: number): string {
  const p = paletteFor(index)
  const r = random(hashString(title))
  const lines = wrap(title, 18)
  const titleY = 560 - (lines.length - 1) * 86
  const shapes = `
    <circle cx="${900 + r() * 120}" cy="${180 + r() * 80}" r="380" fill="url(#glowA)"/>
    <circle cx="${180 + r() * 80}" cy="${140}" r="300" fill="url(#glowB)"/>
    <rect x="720" y="380" width="440" height="380" fill="url(#dots)"/>
    <g transform="rotate(${12 + r() * 20} 900 360)">
      <rect x="760" y="220" width="300" height="300" rx="48" fill="none" stroke="${p.ink}" stroke-opacity="0.4" stroke-width="4"/>
      <rect x="810" y="270" width="200" height="200" rx="32" fill="${p.a}" fill-opacity="0.85"/>
    </g>
    <circle cx="${1010}" cy="${620}" r="70" fill="${p.b}" fill-opacity="0.9"/>
    <path d="M 640 760 Q 760 620 880 760 T 1120 760" fill="none" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="6"/>`
  const body = `
    <rect width="${W}" height="${H}" fill="url(#bg)"/>${shapes}
    <text x="80" y="${titleY - 90}" font-family="${FONT}" font-size="26" letter-spacing="6" fill="${p.a}" font-weight="700">PROJET ${String(index + 1).padStart(2, '0')}</text>
    ${textLines(lines, 80, titleY, 86, `font-family="${FONT}" font-size="78" font-weight="700" fill="${p.ink}"`)}
    ${tagPills(tags, 80, 640, p)}`
  return svg(W, H, body, baseDefs(p))
}

/** A desktop screen mock-up of the project (browser frame, navigation, cards). */
export function projectScreen(title: string, index: number): string {
  const p = paletteFor(index)
  const r = random(hashString(title) + 1)
  const bars = Array.from({ length: 7 }, (_, i) => {
    const h = 40 + Math.round(r() * 150)
    return `<rect x="${560 + i * 62}" y="${610 - h}" width="38" height="${h}" rx="6" fill="${i % 2 ? p.b : p.to}"/>`
  }).join('')
  const nav = ['Tableau de bord', 'Parcours', 'Équipe', 'Réglages']
    .map(
      (label, i) =>
        `<rect x="150" y="${250 + i * 58}" width="220" height="42" rx="10" fill="${i === 0 ? p.to : '#f1f5f9'}"/><text x="170" y="${278 + i * 58}" font-family="${FONT}" font-size="19" fill="${i === 0 ? '#ffffff' : '#334155'}">${esc(label)}</text>`,
    )
    .join('')
  const body = `
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="1100" cy="80" r="320" fill="url(#glowA)"/>
    <rect x="120" y="100" width="960" height="620" rx="22" fill="#000000" fill-opacity="0.25" transform="translate(10 14)"/>
    <rect x="120" y="100" width="960" height="620" rx="22" fill="#ffffff"/>
    <rect x="120" y="100" width="960" height="56" rx="22" fill="#e2e8f0"/>
    <rect x="120" y="134" width="960" height="22" fill="#e2e8f0"/>
    <circle cx="156" cy="128" r="9" fill="#f87171"/><circle cx="186" cy="128" r="9" fill="#fbbf24"/><circle cx="216" cy="128" r="9" fill="#34d399"/>
    <rect x="400" y="112" width="400" height="32" rx="16" fill="#ffffff"/>
    <text x="420" y="135" font-family="${FONT}" font-size="17" fill="#64748b">${esc(title)}</text>
    <text x="150" y="214" font-family="${FONT}" font-size="28" font-weight="700" fill="#0f172a">${esc(title)}</text>
    ${nav}
    <rect x="400" y="190" width="200" height="110" rx="14" fill="${p.a}" fill-opacity="0.25"/>
    <text x="420" y="236" font-family="${FONT}" font-size="18" fill="#334155">Satisfaction</text>
    <text x="420" y="280" font-family="${FONT}" font-size="36" font-weight="700" fill="#0f172a">4,7/5</text>
    <rect x="620" y="190" width="200" height="110" rx="14" fill="${p.b}" fill-opacity="0.25"/>
    <text x="640" y="236" font-family="${FONT}" font-size="18" fill="#334155">Utilisateurs</text>
    <text x="640" y="280" font-family="${FONT}" font-size="36" font-weight="700" fill="#0f172a">12 480</text>
    <rect x="840" y="190" width="210" height="110" rx="14" fill="${p.to}" fill-opacity="0.18"/>
    <text x="860" y="236" font-family="${FONT}" font-size="18" fill="#334155">Abandons</text>
    <text x="860" y="280" font-family="${FONT}" font-size="36" font-weight="700" fill="#0f172a">−19 %</text>
    <rect x="400" y="330" width="650" height="340" rx="14" fill="#f8fafc" stroke="#e2e8f0"/>
    <text x="430" y="372" font-family="${FONT}" font-size="20" font-weight="700" fill="#0f172a">Activité hebdomadaire</text>
    <rect x="430" y="400" width="100" height="14" rx="7" fill="#cbd5e1"/><rect x="430" y="428" width="80" height="14" rx="7" fill="#e2e8f0"/>
    <line x1="540" y1="610" x2="1020" y2="610" stroke="#cbd5e1" stroke-width="2"/>
    ${bars}
    <rect x="150" y="520" width="220" height="150" rx="14" fill="${p.from}"/>
    <text x="170" y="560" font-family="${FONT}" font-size="18" fill="#ffffff">Prochaine étape</text>
    <text x="170" y="596" font-family="${FONT}" font-size="22" font-weight="700" fill="${p.a}">Tests utilisateurs</text>
    <rect x="170" y="620" width="120" height="32" rx="16" fill="${p.a}"/>`
  return svg(W, H, body, baseDefs(p))
}

/** A data view: line chart, donut and key figures. */
export function projectChart(title: string, index: number): string {
  const p = paletteFor(index)
  const r = random(hashString(title) + 2)
  const points: string[] = []
  let y = 560
  for (let i = 0; i <= 12; i++) {
    y = Math.max(300, Math.min(600, y - 10 - r() * 40 + 25 * (r() - 0.5)))
    points.push(`${110 + i * 55},${Math.round(y)}`)
  }
  const area = `M 110 640 L ${points.join(' L ')} L ${110 + 12 * 55} 640 Z`
  const share = 0.35 + r() * 0.45
  const circumference = 2 * Math.PI * 110
  const body = `
    <rect width="${W}" height="${H}" fill="#f8fafc"/>
    <rect x="60" y="60" width="1080" height="680" rx="28" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/>
    <text x="110" y="140" font-family="${FONT}" font-size="34" font-weight="700" fill="#0f172a">${esc(title)}</text>
    <text x="110" y="182" font-family="${FONT}" font-size="22" fill="#64748b">Mesure d’impact sur douze mois</text>
    <linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.to}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.to}" stop-opacity="0"/></linearGradient>
    ${[300, 380, 460, 540, 620].map((gy) => `<line x1="110" y1="${gy}" x2="770" y2="${gy}" stroke="#e2e8f0" stroke-width="2"/>`).join('')}
    <path d="${area}" fill="url(#area)"/>
    <polyline points="${points.join(' ')}" fill="none" stroke="${p.to}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>
    ${points
      .filter((_, i) => i % 3 === 0)
      .map((pt) => {
        const [cx, cy] = pt.split(',')
        return `<circle cx="${cx}" cy="${cy}" r="9" fill="#ffffff" stroke="${p.to}" stroke-width="5"/>`
      })
      .join('')}
    <g transform="rotate(-90 960 380)">
      <circle cx="960" cy="380" r="110" fill="none" stroke="#e2e8f0" stroke-width="44"/>
      <circle cx="960" cy="380" r="110" fill="none" stroke="${p.a}" stroke-width="44" stroke-dasharray="${(circumference * share).toFixed(1)} ${circumference.toFixed(1)}"/>
    </g>
    <text x="960" y="395" text-anchor="middle" font-family="${FONT}" font-size="44" font-weight="700" fill="#0f172a">${Math.round(share * 100)} %</text>
    <rect x="830" y="550" width="260" height="70" rx="14" fill="${p.b}" fill-opacity="0.2"/>
    <text x="850" y="595" font-family="${FONT}" font-size="24" fill="#0f172a">Objectif atteint</text>
    <rect x="830" y="636" width="260" height="60" rx="14" fill="${p.to}" fill-opacity="0.12"/>
    <text x="850" y="674" font-family="${FONT}" font-size="22" fill="#334155">+${Math.round(20 + r() * 30)} pts en un an</text>`
  return svg(W, H, body, baseDefs(p))
}

/** Two phone mock-ups with the mobile screens of the project. */
export function projectMobile(title: string, index: number): string {
  const p = paletteFor(index)
  const phone = (x: number, y: number, angle: number, variant: number) => {
    const rows = Array.from(
      { length: 4 },
      (_, i) =>
        `<rect x="${x + 30}" y="${y + 250 + i * 78}" width="240" height="62" rx="14" fill="${i === variant ? p.a : '#f1f5f9'}"/><circle cx="${x + 62}" cy="${y + 281 + i * 78}" r="16" fill="${i === variant ? '#ffffff' : p.to}" fill-opacity="0.8"/><rect x="${x + 92}" y="${y + 270 + i * 78}" width="${110 + ((i * 37) % 60)}" height="10" rx="5" fill="#94a3b8"/><rect x="${x + 92}" y="${y + 288 + i * 78}" width="80" height="8" rx="4" fill="#cbd5e1"/>`,
    ).join('')
    return `<g transform="rotate(${angle} ${x + 150} ${y + 310})">
      <rect x="${x + 8}" y="${y + 14}" width="300" height="620" rx="44" fill="#000000" fill-opacity="0.3"/>
      <rect x="${x}" y="${y}" width="300" height="620" rx="44" fill="#0f172a"/>
      <rect x="${x + 14}" y="${y + 14}" width="272" height="592" rx="34" fill="#ffffff"/>
      <rect x="${x + 110}" y="${y + 26}" width="80" height="14" rx="7" fill="#0f172a"/>
      <rect x="${x + 30}" y="${y + 70}" width="240" height="150" rx="20" fill="${p.to}"/>
      <text x="${x + 50}" y="${y + 120}" font-family="${FONT}" font-size="22" font-weight="700" fill="#ffffff">${esc(wrap(title, 16)[0] ?? title)}</text>
      <text x="${x + 50}" y="${y + 152}" font-family="${FONT}" font-size="16" fill="#ffffff" fill-opacity="0.85">Bonjour Camille</text>
      <rect x="${x + 50}" y="${y + 170}" width="110" height="30" rx="15" fill="${p.a}"/>
      ${rows}
    </g>`
  }
  const body = `
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="600" cy="400" r="420" fill="url(#glowB)"/>
    <rect x="0" y="520" width="${W}" height="280" fill="url(#dots)"/>
    ${phone(330, 100, -8, 1)}
    ${phone(600, 70, 7, 2)}
    <circle cx="1040" cy="170" r="60" fill="${p.a}" fill-opacity="0.9"/>
    <rect x="110" y="560" width="120" height="120" rx="24" fill="none" stroke="${p.ink}" stroke-opacity="0.5" stroke-width="5" transform="rotate(20 170 620)"/>`
  return svg(W, H, body, baseDefs(p))
}

/** Blog thumbnail (1200×675): category, title and a shape motif. */
export function blogThumbnail(title: string, category: string, index: number): string {
  const w = 1200
  const h = 675
  const p = paletteFor(index + 2)
  const r = random(hashString(title))
  const lines = wrap(title, 26)
  const startY = 330 - ((lines.length - 1) * 70) / 2
  const rings = Array.from(
    { length: 6 },
    (_, i) =>
      `<circle cx="1020" cy="560" r="${60 + i * 48}" fill="none" stroke="${p.ink}" stroke-opacity="${0.35 - i * 0.05}" stroke-width="3"/>`,
  ).join('')
  const body = `
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="${200 + r() * 200}" cy="80" r="360" fill="url(#glowA)"/>
    <circle cx="1100" cy="${120 + r() * 80}" r="260" fill="url(#glowB)"/>
    ${rings}
    <rect x="0" y="0" width="360" height="${h}" fill="url(#dots)" opacity="0.6"/>
    <rect x="80" y="${startY - 120}" width="${category.length * 16 + 48}" height="46" rx="23" fill="${p.a}"/>
    <text x="${80 + (category.length * 16 + 48) / 2}" y="${startY - 89}" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="${p.from}">${esc(category.toUpperCase())}</text>
    ${textLines(lines, 80, startY, 70, `font-family="${FONT}" font-size="58" font-weight="700" fill="${p.ink}"`)}
    <text x="80" y="${h - 60}" font-family="${FONT}" font-size="24" fill="${p.ink}" fill-opacity="0.8">Le blog de Camille Laurent</text>`
  return svg(w, h, body, baseDefs(p))
}

export type ArtKind =
  | 'fourviere'
  | 'traboules'
  | 'confluence'
  | 'empathie'
  | 'prototype'
  | 'croix-rousse'
  | 'lumieres'
  | 'post-it'

/** Gallery artworks (1200×800): generative geometry and workshop scenes. */
export function galleryArt(kind: ArtKind, seed: number): string {
  const r = random(seed)
  switch (kind) {
    case 'fourviere': {
      const stars = Array.from(
        { length: 70 },
        () =>
          `<circle cx="${Math.round(r() * W)}" cy="${Math.round(r() * 420)}" r="${(1 + r() * 2).toFixed(1)}" fill="#fef9c3" fill-opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`,
      ).join('')
      const arcs = Array.from(
        { length: 7 },
        (_, i) =>
          `<circle cx="600" cy="520" r="${90 + i * 55}" fill="none" stroke="#fbbf24" stroke-opacity="${(0.7 - i * 0.09).toFixed(2)}" stroke-width="${10 - i}"/>`,
      ).join('')
      return svg(
        W,
        H,
        `<rect width="${W}" height="${H}" fill="url(#night)"/>${stars}
        <circle cx="600" cy="520" r="420" fill="url(#halo)"/>${arcs}
        <path d="M 0 620 Q 300 470 600 500 T 1200 600 L 1200 800 L 0 800 Z" fill="#0b1026"/>
        <rect x="560" y="380" width="80" height="130" fill="#1e1b4b"/><path d="M 560 380 L 600 320 L 640 380 Z" fill="#1e1b4b"/>
        <rect x="520" y="420" width="36" height="90" fill="#1e1b4b"/><rect x="644" y="420" width="36" height="90" fill="#1e1b4b"/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="${572 + (i % 2) * 40}" y="${400 + Math.floor(i / 2) * 30}" width="16" height="20" rx="8" fill="#fde68a"/>`).join('')}`,
        `<linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="#312e81"/></linearGradient>
         <radialGradient id="halo"><stop offset="0" stop-color="#f59e0b" stop-opacity="0.55"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/></radialGradient>`,
      )
    }
    case 'traboules': {
      const colours = ['#f97316', '#fb923c', '#facc15', '#ef4444', '#fdba74', '#b45309']
      let arches = ''
      for (let row = 0; row < 3; row++)
        for (let col = 0; col < 6; col++) {
          const x = 60 + col * 185
          const y = 70 + row * 235
          const c = colours[Math.floor(r() * colours.length)]!
          arches += `<path d="M ${x} ${y + 210} L ${x} ${y + 80} A 80 80 0 0 1 ${x + 160} ${y + 80} L ${x + 160} ${y + 210} Z" fill="${c}"/>`
          arches += `<path d="M ${x + 30} ${y + 210} L ${x + 30} ${y + 95} A 50 50 0 0 1 ${x + 130} ${y + 95} L ${x + 130} ${y + 210} Z" fill="#431407" fill-opacity="${(0.5 + r() * 0.4).toFixed(2)}"/>`
        }
      return svg(W, H, `<rect width="${W}" height="${H}" fill="#fff7ed"/>${arches}`)
    }
    case 'confluence':
      return svg(
        W,
        H,
        `<rect width="${W}" height="${H}" fill="#0f172a"/>
        <path d="M -50 80 C 300 120 420 380 620 420 C 820 460 1000 620 1250 640 L 1250 900 L -50 900 Z" fill="url(#saone)"/>
        <path d="M -50 760 C 260 700 420 520 620 430 C 820 340 980 180 1250 120 L 1250 900 L -50 900 Z" fill="url(#rhone)" fill-opacity="0.85"/>
        ${Array.from({ length: 9 }, (_, i) => `<path d="M -50 ${200 + i * 60} C 300 ${240 + i * 50} 500 ${420 + i * 20} 1250 ${380 + i * 35}" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="3"/>`).join('')}
        <circle cx="620" cy="430" r="26" fill="#ffffff"/>`,
        `<linearGradient id="saone" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22d3ee"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient>
         <linearGradient id="rhone" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#a3e635"/><stop offset="1" stop-color="#0d9488"/></linearGradient>`,
      )
    case 'empathie': {
      const quadrants: Array<[string, number, number, string]> = [
        ['Dit', 160, 150, '#fde68a'],
        ['Pense', 640, 150, '#bfdbfe'],
        ['Fait', 160, 440, '#bbf7d0'],
        ['Ressent', 640, 440, '#fbcfe8'],
      ]
      const notes = quadrants
        .map(([label, x, y, c]) => {
          const stickies = Array.from({ length: 3 }, (_, i) => {
            const nx = x + 40 + i * 130
            const ny = y + 80 + (i % 2) * 40
            return `<rect x="${nx}" y="${ny}" width="110" height="100" fill="${c}" transform="rotate(${(r() * 10 - 5).toFixed(1)} ${nx + 55} ${ny + 50})"/><rect x="${nx + 15}" y="${ny + 30}" width="70" height="8" rx="4" fill="#475569" fill-opacity="0.4" transform="rotate(0)"/><rect x="${nx + 15}" y="${ny + 50}" width="50" height="8" rx="4" fill="#475569" fill-opacity="0.4"/>`
          }).join('')
          return `<text x="${x + 20}" y="${y + 50}" font-family="${FONT}" font-size="34" font-weight="700" fill="#1e293b">${label}</text>${stickies}`
        })
        .join('')
      return svg(
        W,
        H,
        `<rect width="${W}" height="${H}" fill="#e7e5e4"/>
        <rect x="120" y="110" width="960" height="600" rx="8" fill="#ffffff"/>
        <line x1="600" y1="130" x2="600" y2="690" stroke="#334155" stroke-width="4"/>
        <line x1="140" y1="410" x2="1060" y2="410" stroke="#334155" stroke-width="4"/>
        <circle cx="600" cy="410" r="70" fill="#ffffff" stroke="#334155" stroke-width="4"/>
        <circle cx="600" cy="392" r="22" fill="none" stroke="#334155" stroke-width="4"/>
        <path d="M 566 450 Q 600 415 634 450" fill="none" stroke="#334155" stroke-width="4"/>
        ${notes}
        <text x="120" y="80" font-family="${FONT}" font-size="30" font-weight="700" fill="#334155">Carte d’empathie</text>`,
      )
    }
    case 'prototype': {
      const sketch = (x: number, y: number, angle: number) =>
        `<g transform="rotate(${angle} ${x + 150} ${y + 230})">
          <rect x="${x}" y="${y}" width="300" height="460" rx="10" fill="#ffffff" stroke="#1f2937" stroke-width="4"/>
          <rect x="${x + 25}" y="${y + 30}" width="250" height="120" fill="none" stroke="#1f2937" stroke-width="3"/>
          <line x1="${x + 25}" y1="${y + 30}" x2="${x + 275}" y2="${y + 150}" stroke="#1f2937" stroke-width="2"/>
          <line x1="${x + 275}" y1="${y + 30}" x2="${x + 25}" y2="${y + 150}" stroke="#1f2937" stroke-width="2"/>
          ${Array.from({ length: 5 }, (_, i) => `<path d="M ${x + 25} ${y + 190 + i * 36} q 60 ${r() * 6 - 3} ${120 + r() * 100} 0" fill="none" stroke="#475569" stroke-width="4" stroke-linecap="round"/>`).join('')}
          <rect x="${x + 25}" y="${y + 380}" width="140" height="48" rx="24" fill="none" stroke="#db2777" stroke-width="4"/>
        </g>`
      return svg(
        W,
        H,
        `<rect width="${W}" height="${H}" fill="#fef3c7"/>
        <rect width="${W}" height="${H}" fill="url(#grid)"/>
        ${sketch(130, 150, -6)}${sketch(450, 120, 2)}${sketch(770, 160, 7)}
        <path d="M 420 700 C 520 760 680 760 780 700" fill="none" stroke="#db2777" stroke-width="5" stroke-linecap="round"/>
        <path d="M 760 690 L 785 700 L 765 722" fill="none" stroke="#db2777" stroke-width="5" stroke-linecap="round"/>`,
        `<pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M 40 0 L 0 0 0 40" fill="none" stroke="#d6d3d1" stroke-width="1.5"/></pattern>`,
      )
    }
    case 'croix-rousse': {
      const facades = ['#fb7185', '#fdba74', '#fcd34d', '#86efac', '#7dd3fc', '#c4b5fd', '#f9a8d4']
      let out = `<rect width="${W}" height="${H}" fill="#e0f2fe"/><circle cx="980" cy="150" r="80" fill="#fbbf24"/>`
      for (let i = 0; i < 9; i++) {
        const x = i * 140 - 20
        const top = 90 + r() * 160
        const c = facades[i % facades.length]!
        out += `<rect x="${x}" y="${top}" width="142" height="${H - top}" fill="${c}"/>`
        for (let wy = top + 40; wy < 640; wy += 70)
          for (let wx = x + 22; wx < x + 130; wx += 50)
            out += `<rect x="${wx}" y="${wy}" width="28" height="42" rx="3" fill="#1e293b" fill-opacity="0.55"/>`
      }
      const steps = Array.from(
        { length: 10 },
        (_, i) =>
          `<rect x="${240 + i * 72}" y="${800 - (i + 1) * 22}" width="${980 - i * 72}" height="22" fill="${i % 2 ? '#a8a29e' : '#d6d3d1'}"/>`,
      ).join('')
      return svg(W, H, out + steps)
    }
    case 'lumieres': {
      const halos = Array.from({ length: 14 }, (_, i) => {
        const cx = Math.round(r() * W)
        const cy = Math.round(r() * H)
        const rad = 60 + Math.round(r() * 200)
        return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="url(#h${i % 4})"/>`
      }).join('')
      const rings = Array.from(
        { length: 10 },
        (_, i) =>
          `<circle cx="600" cy="400" r="${40 + i * 38}" fill="none" stroke="#ffffff" stroke-opacity="${(0.5 - i * 0.045).toFixed(2)}" stroke-width="2"/>`,
      ).join('')
      const colours = ['#f472b6', '#60a5fa', '#facc15', '#a78bfa']
      return svg(
        W,
        H,
        `<rect width="${W}" height="${H}" fill="#030712"/>${halos}${rings}`,
        colours
          .map(
            (c, i) =>
              `<radialGradient id="h${i}"><stop offset="0" stop-color="${c}" stop-opacity="0.8"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
          )
          .join(''),
      )
    }
    case 'post-it': {
      const colours = ['#fde68a', '#fbcfe8', '#bfdbfe', '#bbf7d0', '#fed7aa']
      const words = [
        'Simplifier',
        'Écouter',
        'Tester vite',
        'Hors ligne',
        'Aidants',
        'Tableau',
        'SMS',
        'Cartes',
        'Parcours',
        'Bilan',
        'Entraide',
        'Vote',
        'Accessible',
        'Prototype',
        'Idée !',
        'Pourquoi ?',
        'Mesurer',
        'Partager',
      ]
      let notes = ''
      words.forEach((word, i) => {
        const x = 90 + (i % 6) * 175 + r() * 20
        const y = 110 + Math.floor(i / 6) * 210 + r() * 20
        const c = colours[Math.floor(r() * colours.length)]!
        notes += `<g transform="rotate(${(r() * 12 - 6).toFixed(1)} ${x + 75} ${y + 75})"><rect x="${x + 4}" y="${y + 6}" width="150" height="150" fill="#000000" fill-opacity="0.12"/><rect x="${x}" y="${y}" width="150" height="150" fill="${c}"/><text x="${x + 75}" y="${y + 85}" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="#1f2937">${esc(word)}</text></g>`
      })
      return svg(W, H, `<rect width="${W}" height="${H}" fill="#f5f5f4"/>${notes}`)
    }
  }
}

/** Flat illustrated portrait of the persona (square). */
export function personaAvatar(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient>
    </defs>
    <rect width="256" height="256" fill="url(#bg)"/>
    <circle cx="200" cy="56" r="36" fill="#fbbf24" fill-opacity="0.9"/>
    <path d="M 66 150 C 52 96 80 52 128 50 C 178 48 206 92 192 156 C 188 178 176 196 170 204 L 86 204 C 78 190 70 172 66 150 Z" fill="#3b1d0f"/>
    <path d="M 40 256 C 44 214 80 194 128 194 C 176 194 212 214 216 256 Z" fill="#0f766e"/>
    <path d="M 104 170 L 104 200 C 112 212 144 212 152 200 L 152 170 Z" fill="#e0a27c"/>
    <ellipse cx="128" cy="130" rx="46" ry="54" fill="#f1b890"/>
    <path d="M 80 120 C 84 82 110 70 134 72 C 160 74 176 92 178 118 C 160 104 132 96 104 98 C 94 104 86 112 80 120 Z" fill="#3b1d0f"/>
    <circle cx="110" cy="132" r="5" fill="#1f2937"/><circle cx="146" cy="132" r="5" fill="#1f2937"/>
    <rect x="96" y="122" width="28" height="20" rx="8" fill="none" stroke="#1f2937" stroke-width="3"/>
    <rect x="132" y="122" width="28" height="20" rx="8" fill="none" stroke="#1f2937" stroke-width="3"/>
    <line x1="124" y1="130" x2="132" y2="130" stroke="#1f2937" stroke-width="3"/>
    <path d="M 114 158 Q 128 170 142 158" fill="none" stroke="#9f1239" stroke-width="4" stroke-linecap="round"/>
    <circle cx="100" cy="150" r="7" fill="#fb7185" fill-opacity="0.35"/><circle cx="156" cy="150" r="7" fill="#fb7185" fill-opacity="0.35"/>
    </svg>`
}

/** Neutral placeholder for accounts without a photo. */
export function defaultAvatar(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cbd5e1"/><stop offset="1" stop-color="#94a3b8"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#bg)"/>
    <circle cx="128" cy="104" r="50" fill="#f1f5f9"/>
    <path d="M 40 256 C 44 196 84 170 128 170 C 172 170 212 196 216 256 Z" fill="#f1f5f9"/>
  </svg>`
}

/** Monogram logo (square). */
export function logo(size = 512): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2d3436"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs>
    <rect width="512" height="512" rx="112" fill="url(#bg)"/>
    <circle cx="400" cy="112" r="44" fill="#40e0d0"/>
    <text x="256" y="320" text-anchor="middle" font-family="${FONT}" font-size="210" font-weight="700" fill="#ffffff" letter-spacing="-8">CL</text>
    <rect x="136" y="370" width="240" height="14" rx="7" fill="#40e0d0"/>
  </svg>`
}

/** Open Graph image (1200×630). */
export function ogImage(name: string, title: string, location: string): string {
  const p: Palette = { from: '#111827', to: '#4c1d95', a: '#40e0d0', b: '#9b59b6', ink: '#ffffff' }
  const lines = wrap(title, 34)
  const body = `
    <rect width="1200" height="630" fill="url(#bg)"/>
    <circle cx="1000" cy="120" r="360" fill="url(#glowA)"/>
    <circle cx="120" cy="600" r="300" fill="url(#glowB)"/>
    <rect x="760" y="330" width="400" height="260" fill="url(#dots)"/>
    <g transform="rotate(15 960 300)"><rect x="860" y="200" width="200" height="200" rx="36" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/></g>
    <text x="80" y="250" font-family="${FONT}" font-size="88" font-weight="700" fill="#ffffff">${esc(name)}</text>
    ${textLines(lines, 80, 330, 50, `font-family="${FONT}" font-size="40" fill="#e9d5ff"`)}
    <rect x="80" y="${360 + lines.length * 50}" width="${location.length * 17 + 50}" height="50" rx="25" fill="${p.a}"/>
    <text x="105" y="${393 + lines.length * 50}" font-family="${FONT}" font-size="26" font-weight="700" fill="#111827">${esc(location)}</text>`
  return svg(1200, 630, body, baseDefs(p))
}
