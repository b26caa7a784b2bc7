// The demo content's English versions (ADR 075), keyed by the French item they translate.
// One post stays French only, as a visitor of the English site will meet such items.
import type { TranslationData } from '#app/domain/translation.ts'

const md = (...paragraphs: string[]) => paragraphs.join('\n\n')

export const DEMO_SETTINGS_EN: TranslationData = {
  siteName: 'Camille Laurent',
  siteDescription:
    'Portfolio of Camille Laurent, product manager, web developer and design thinker in Lyon: projects, journey, articles and workshops.',
}

export const DEMO_PROFILE_EN: TranslationData = {
  title: 'Product Manager, web developer and design thinker',
  bio: md(
    'I design useful, accessible and sober digital products, from the first user interview to production.',
    'After five years of full-stack web development, I moved to product without ever letting go of code: I facilitate design thinking workshops, prioritise with teams and prototype myself when we need to convince quickly.',
    'Based in Lyon, I work with start-ups, local authorities and social economy organisations.',
  ),
}

/** By French title. */
export const DEMO_PROJECTS_EN: Record<string, TranslationData> = {
  'Atelier Santé': {
    title: 'Health Workshop',
    description:
      'A redesign of the patient journey of a teleconsultation platform: fewer drop-outs, more autonomy for older people.',
    content: md(
      'The platform lost almost one patient in three between booking and the start of the consultation. Interviews with twenty-two patients and six doctors showed that the microphone and camera check felt like an exam to pass.',
      'I led the new journey in React, with a "companion" mode that lets a relative join the waiting room from their own phone. Six months after launch, the drop-out rate fell from 31% to 12%.',
    ),
  },
  'Cantine Locale': {
    title: 'Local Canteen',
    description:
      'A short-supply-chain marketplace linking Rhône producers with the school canteens of the metropolis.',
    content: md(
      'Producers and canteen managers spoke different languages: harvest forecasts on one side, menus planned weeks ahead on the other.',
      'We built a shared ordering calendar in Node.js and React, tested every fortnight with both sides.',
    ),
  },
  'Design system accessible': {
    title: 'Accessible design system',
    description:
      'A design system compliant with the French accessibility standard (RGAA) for the online services of a local authority, from colour token to documented component.',
    content: md(
      'Every component ships with its keyboard behaviour, its screen reader announcements and its contrast checks.',
      'The documentation shows what to do and what not to do, with real examples from the services.',
    ),
  },
  'Trajets Doux': {
    title: 'Gentle Journeys',
    description:
      'An open dashboard following the use of cycling and walking across the neighbourhoods of Lyon.',
    content: md(
      'Open counting data, made readable for residents and elected officials alike.',
      'Each chart answers one question asked in a neighbourhood meeting.',
    ),
  },
  'Kit d’idéation': {
    title: 'Ideation kit',
    description:
      'A kit of design thinking workshops, online and printable, helping product teams move from problem to ideas.',
    content: md(
      'Twelve workshop formats, each with its timing, its materials and its pitfalls.',
      'Used by more than forty teams since its release.',
    ),
  },
  'Budget Clair': {
    title: 'Clear Budget',
    description:
      'A simple budgeting application for small associations, designed with their volunteer treasurers.',
    content: md(
      'Volunteer treasurers asked for one thing: to see at a glance what is left to spend.',
      'The application answers that first, and leaves the accounting to the accountants.',
    ),
  },
}

/** By French name. */
export const DEMO_SKILLS_EN: Record<string, TranslationData> = {
  'Design thinking': { name: 'Design thinking' },
  'Recherche utilisateur': { name: 'User research' },
  Prototypage: { name: 'Prototyping' },
  'React et TypeScript': { name: 'React and TypeScript' },
  'Node.js': { name: 'Node.js' },
  SQL: { name: 'SQL' },
  'Accessibilité web': { name: 'Web accessibility' },
  Figma: { name: 'Figma' },
  Git: { name: 'Git' },
  Miro: { name: 'Miro' },
  Jira: { name: 'Jira' },
  'Facilitation d’ateliers': { name: 'Workshop facilitation' },
  Communication: { name: 'Communication' },
  Priorisation: { name: 'Prioritisation' },
}

/** By French title. */
export const DEMO_TIMELINE_EN: Record<string, TranslationData> = {
  'Lead Product Manager': {
    title: 'Lead Product Manager',
    organization: 'Studio Rhône Numérique',
    description:
      'I lead three cross-functional product teams, from discovery to impact measurement, and run the in-house design thinking community.',
  },
  'Product Owner et développeuse front-end': {
    title: 'Product Owner and front-end developer',
    organization: 'Mutuelle Horizon',
    description:
      'In charge of the online member area: backlog prioritisation, monthly user tests and development of the key journeys in React.',
  },
  'Développeuse web full-stack': {
    title: 'Full-stack web developer',
    organization: 'Agence Pixel & Soie',
    description:
      'Design and development of websites and applications for cultural clients in Lyon, in Node.js and JavaScript.',
  },
  'Mentore bénévole': {
    title: 'Volunteer mentor',
    organization: 'Lyon Tech Solidaire',
    description:
      'I support people retraining for digital jobs: project reviews, interview preparation and group workshops.',
  },
  'Co-organisatrice du meetup Design Thinking Lyon': {
    title: 'Co-organiser of the Design Thinking Lyon meetup',
    organization: 'Meetup Design Thinking Lyon',
    description:
      'A monthly meeting about human-centred design methods, with speakers from the whole region.',
  },
  'Certification Professional Scrum Product Owner': {
    title: 'Professional Scrum Product Owner certification',
    organization: 'Scrum.org',
    description:
      'Certification earned after a two-day course on value and product backlog management.',
  },
  'Master Design d’interaction et innovation': {
    title: 'Master’s degree in Interaction Design and Innovation',
    organization: 'Université Lumière Lyon 2',
    description:
      'Ergonomics, user research and prototyping; thesis on the accessibility of online public services.',
  },
}

/** By French slug. "mesurer-impact-fonctionnalite" stays French only. */
export const DEMO_POSTS_EN: Record<string, TranslationData> = {
  'design-thinking-et-priorisation': {
    slug: 'what-design-thinking-taught-me-about-prioritisation',
    title: 'What design thinking taught me about prioritisation',
    excerpt:
      'Prioritising is not sorting a list: it is choosing the problem that deserves to be solved first. Three workshops that changed the way I work.',
    category: 'Product',
    content: md(
      'For a long time I thought prioritising meant scoring every idea and sorting the table. Value-effort matrices felt rigorous, but the debates came back at every meeting.',
      'Design thinking made me go one step up: before comparing solutions, agree on the problem. A well-filled empathy map settles more disagreements than a weighted score.',
      'My advice: keep your matrices, but fill them in only after writing, together, the sentence that describes the problem.',
    ),
  },
  'formulaire-accessible-en-cinq-etapes': {
    slug: 'a-truly-accessible-form-in-five-steps',
    title: 'A truly accessible form in five steps',
    excerpt:
      'Labels, error messages, tab order: five simple checks that transform the experience of people using a screen reader.',
    category: 'Development',
    content: md(
      'Give every field a visible label, tied to it in the code.',
      'Say what went wrong next to the field, and move the focus there.',
      'Check the tab order, the zoom at 200% and the announcements of a screen reader.',
    ),
  },
  'ecrire-une-bonne-user-story': {
    slug: 'writing-a-good-user-story',
    title: 'Writing a good user story: beyond the template',
    excerpt:
      '"As a…, I want…, so that…": the template is well known, but a good user story mostly tells a conversation. A few practices that help the team.',
    category: 'Product',
    content: md(
      'A user story is a promise of a conversation, not a specification.',
      'Write the acceptance criteria with the team, and keep the story small enough to ship in a few days.',
    ),
  },
  'rendu-serveur-react-router': {
    slug: 'server-rendering-with-react-router',
    title: 'Server rendering with React Router: lessons learned',
    excerpt:
      'Moving from a single-page application to server rendering cut the display time of our public pages by three. What we learned on the way.',
    category: 'Development',
    content: md(
      'Rendering on the server sends a page the browser can show at once.',
      'We measured every step, kept the JavaScript small and cached what did not change.',
    ),
  },
  'animer-un-atelier-ideation-a-distance': {
    slug: 'running-a-remote-ideation-workshop',
    title: 'Running a remote ideation workshop',
    excerpt:
      'Cameras off, awkward silences, crowded whiteboard: remote ideation has its traps. Here is the running order I use with distributed teams.',
    category: 'Design',
    content: md(
      'Start with ten minutes of silent writing: everyone contributes before anyone judges.',
      'Group the ideas together, vote, and end with one concrete next step.',
    ),
  },
}

/** By French title. */
export const DEMO_PROCESS_EN: Record<string, TranslationData> = {
  Empathie: {
    title: 'Empathy',
    description:
      'Observe and listen to the people concerned, in the field and in interviews, to understand their real needs rather than assumed ones.',
  },
  Définition: {
    title: 'Definition',
    description:
      'Synthesise what we learned and phrase together the problem to solve, in one sentence the whole team understands.',
  },
  Idéation: {
    title: 'Ideation',
    description:
      'Produce as many ideas as possible without judging them, then group them and choose those worth testing.',
  },
  'Prototypage et test': {
    title: 'Prototyping and testing',
    description:
      'Quickly build a testable version, confront it with users and iterate until the solution keeps its promises.',
  },
}

/** By French title. */
export const DEMO_MEDIA_EN: Record<string, TranslationData> = {
  'Lumières de Fourvière': {
    title: 'Fourvière Lights',
    description: 'A geometric composition inspired by the illuminations of Fourvière hill.',
  },
  'Flux créatif': {
    title: 'Creative flow',
    description: 'A short generative animation made to open a Design Thinking meetup.',
  },
  Traboules: {
    title: 'Traboules',
    description: 'A set of passages and inner courtyards, turned into shapes and colours.',
  },
  Confluence: {
    title: 'Confluence',
    description: 'Where the Rhône meets the Saône, seen as two gradients joining.',
  },
  'Carte d’empathie': {
    title: 'Empathy map',
    description: 'The printed board used in discovery workshops with product teams.',
  },
  'Prototype papier': {
    title: 'Paper prototype',
    description: 'Screens sketched in a few minutes to test an idea before any development.',
  },
  'Pentes de la Croix-Rousse': {
    title: 'Croix-Rousse slopes',
    description: 'Stairs, colourful façades and vanishing lines: a study in rhythm.',
  },
  'Fête des Lumières': {
    title: 'Festival of Lights',
    description: 'A night-time variation, all halos and concentric circles.',
  },
  'Mur d’idées': {
    title: 'Wall of ideas',
    description: 'The wall of sticky notes at the end of an ideation day with a local authority.',
  },
}

/**
 * The legal pages' English texts the demo once seeded. No longer seeded: the English pages are
 * generated from the owner's facts (ADR 089); kept so a site seeded before reads them as unwritten.
 */
export const DEMO_LEGAL_EN: Record<'notice' | 'privacy' | 'terms', TranslationData> = {
  notice: {
    text: md(
      '## Publisher',
      'This site is published by Camille Laurent, Lyon, France. Contact: through the Contact page.',
      'The French legal notice is the reference text.',
    ),
  },
  privacy: {
    text: md(
      '## Your data',
      'Messages sent through the contact form (name, e-mail address, message) are kept only to answer you, passed on to nobody, and deleted once the exchange is over or on request.',
      'Audience measurement runs only with your consent. The French privacy policy is the reference text.',
    ),
  },
  terms: {
    text: md(
      '## Terms of use',
      'The contents of this site are protected: reuse them only with permission. The French terms of use are the reference text.',
    ),
  },
}

/** English names of the demo's tags (ADR 094); a tag absent here keeps its name (React, Lyon…). */
export const DEMO_TAGS_EN: Record<string, string> = {
  Produit: 'Product',
  Accessibilité: 'Accessibility',
  'Économie sociale': 'Social economy',
  'Data visualisation': 'Data visualization',
  Intégration: 'Integration',
  Mentorat: 'Mentoring',
  Transmission: 'Knowledge sharing',
  Communauté: 'Community',
  'Prise de parole': 'Public speaking',
  Agilité: 'Agile',
  Formation: 'Training',
  Recherche: 'Research',
  Priorisation: 'Prioritization',
  Ateliers: 'Workshops',
  Atelier: 'Workshop',
  Formulaires: 'Forms',
  Télétravail: 'Remote work',
  Métriques: 'Metrics',
  Décision: 'Decision-making',
  Géométrie: 'Geometry',
  Génératif: 'Generative',
  Dégradés: 'Gradients',
  Prototypage: 'Prototyping',
  Lumière: 'Light',
  Idéation: 'Ideation',
}

/** English names of the demo posts' categories (ADR 094). */
export const DEMO_CATEGORIES_EN: Record<string, string> = {
  Produit: 'Product',
  Développement: 'Development',
}
