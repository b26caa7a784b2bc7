// The persona's French CV as an A4 portrait page (1240×1754), drawn from the demo content so
// the CV image and the site tell the same story.
import type {
  ProfileInput,
  SkillInput,
  TimelineItemInput,
} from '#app/server/demo/factories.server.ts'
import { FONT, esc, svg, textLines, wrap } from './svg.ts'
import { SHORT_MONTHS as MONTHS } from '#app/domain/date-time.ts'

function month(value: string): string {
  if (value === 'present') return 'aujourd’hui'
  const [year, m] = value.split('-')
  const index = Number(m) - 1
  return MONTHS[index] ? `${MONTHS[index]} ${year}` : value
}

export function cvPage(options: {
  profile: ProfileInput
  timeline: TimelineItemInput[]
  skills: SkillInput[]
  avatarDataUri: string
}): string {
  const { profile, timeline, skills, avatarDataUri } = options
  const W = 1240
  const H = 1754
  const side = 430
  const accent = '#7c3aed'
  const dark = '#1e1b4b'

  // Left column: photo, contact, skills, languages, interests.
  let left = `<rect width="${side}" height="${H}" fill="url(#side)"/>
    <clipPath id="round"><circle cx="${side / 2}" cy="210" r="120"/></clipPath>
    <circle cx="${side / 2}" cy="210" r="128" fill="#ffffff" fill-opacity="0.25"/>
    <image href="${avatarDataUri}" x="${side / 2 - 120}" y="90" width="240" height="240" clip-path="url(#round)"/>`
  let y = 400
  const heading = (label: string) => {
    const out = `<text x="50" y="${y}" font-family="${FONT}" font-size="26" font-weight="700" fill="#ffffff" letter-spacing="3">${esc(label.toUpperCase())}</text><rect x="50" y="${y + 14}" width="60" height="4" rx="2" fill="#40e0d0"/>`
    y += 60
    return out
  }
  left += heading('Contact')
  for (const line of [
    profile.email,
    profile.phone ?? '',
    profile.location ?? '',
    (profile.website ?? '').replace(/^https:\/\//, ''),
    (profile.linkedin ?? '').replace(/^https:\/\/www\./, ''),
  ].filter(Boolean)) {
    left += `<text x="50" y="${y}" font-family="${FONT}" font-size="20" fill="#ede9fe">${esc(line)}</text>`
    y += 36
  }
  y += 30
  left += heading('Compétences')
  for (const skill of skills.slice(0, 10)) {
    left += `<text x="50" y="${y}" font-family="${FONT}" font-size="20" fill="#ffffff">${esc(skill.name)}</text>
      <rect x="50" y="${y + 12}" width="330" height="8" rx="4" fill="#ffffff" fill-opacity="0.2"/>
      <rect x="50" y="${y + 12}" width="${(330 * skill.level) / 5}" height="8" rx="4" fill="#40e0d0"/>`
    y += 52
  }
  y += 20
  left += heading('Langues')
  for (const line of [
    'Français — langue maternelle',
    'Anglais — courant (C1)',
    'Espagnol — intermédiaire (B1)',
  ]) {
    left += `<text x="50" y="${y}" font-family="${FONT}" font-size="20" fill="#ede9fe">${esc(line)}</text>`
    y += 36
  }
  y += 30
  left += heading('Centres d’intérêt')
  for (const line of ['Randonnée dans le Vercors', 'Céramique', 'Jeux de société coopératifs']) {
    left += `<text x="50" y="${y}" font-family="${FONT}" font-size="20" fill="#ede9fe">${esc(line)}</text>`
    y += 36
  }

  // Right column: name, title, profile, experience, education and commitments.
  const x = side + 60
  const width = W - x - 60
  // Liberation Sans at 19–20 px averages about 9.6 px per character.
  const chars = Math.floor(width / 9.6)
  let ry = 140
  let right = `<text x="${x}" y="${ry}" font-family="${FONT}" font-size="64" font-weight="700" fill="${dark}">${esc(profile.name)}</text>`
  ry += 56
  for (const line of wrap(profile.title, 40)) {
    right += `<text x="${x}" y="${ry}" font-family="${FONT}" font-size="30" fill="${accent}">${esc(line)}</text>`
    ry += 40
  }
  ry += 30
  const section = (label: string) => {
    const out = `<text x="${x}" y="${ry}" font-family="${FONT}" font-size="28" font-weight="700" fill="${dark}" letter-spacing="2">${esc(label.toUpperCase())}</text><rect x="${x}" y="${ry + 14}" width="${width}" height="3" fill="${accent}" fill-opacity="0.35"/>`
    ry += 58
    return out
  }
  right += section('Profil')
  const bio = profile.bio.split('\n').slice(0, 2).join(' ')
  const bioLines = wrap(bio, chars)
  right += textLines(bioLines, x, ry, 30, `font-family="${FONT}" font-size="20" fill="#334155"`)
  ry += bioLines.length * 30 + 36

  const entry = (item: TimelineItemInput) => {
    let out = `<text x="${x}" y="${ry}" font-family="${FONT}" font-size="23" font-weight="700" fill="#0f172a">${esc(item.title)}</text>`
    ry += 30
    out += `<text x="${x}" y="${ry}" font-family="${FONT}" font-size="20" fill="${accent}">${esc(item.organization)} · ${esc(month(item.startDate))} – ${esc(month(item.endDate))}</text>`
    ry += 30
    const lines = wrap(item.description, chars)
    out += textLines(lines, x, ry, 28, `font-family="${FONT}" font-size="19" fill="#475569"`)
    ry += lines.length * 28 + 18
    return out
  }
  right += section('Expérience professionnelle')
  for (const item of timeline.filter((t) => t.type === 'professional')) right += entry(item)
  ry += 10
  right += section('Formation et engagements')
  for (const item of timeline.filter((t) => t.type === 'personal')) right += entry(item)

  const footer = `<text x="${x}" y="${H - 36}" font-family="${FONT}" font-size="16" fill="#94a3b8">CV de démonstration — personnage fictif, toute ressemblance serait fortuite.</text>`
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>${left}${right}${footer}`,
    `<linearGradient id="side" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${accent}"/></linearGradient>`,
  )
}
