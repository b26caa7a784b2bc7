// The French demo dataset loaded into an empty database (DEMO_CONTENT). Every asset
// it names ships under public/ (nothing user-facing calls a third-party host: privacy, CSP);
// scripts/assets/ renders those assets from this same data.
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import type {
  BlogPostInput,
  CvInput,
  MediaItemInput,
  MessageInput,
  ProcessStepInput,
  ProfileInput,
  ProjectInput,
  SettingsInput,
  SkillInput,
  TimelineItemInput,
} from './factories.server.ts'
import type { MessageStatus } from '#app/domain/types.ts'
import { DEMO_IDENTITY, DEMO_LOOK } from './identity.server.ts'

export const DEMO_OWNER = {
  name: DEMO_IDENTITY.name,
  avatar: DEMO_LOOK.avatar,
} as const

/** Paragraphs of a plain-text body: each line is shown as a paragraph. */
const paragraphs = (...lines: string[]) => lines.join('\n')
/** Blog and project bodies are Markdown (ADR 020): a blank line between paragraphs. */
const markdownParagraphs = (...lines: string[]) => lines.join('\n\n')

/** A date `daysAgo` days before now, as ISO text (demo dates stay recent whenever seeded). */
export function daysAgo(days: number, hour = 10): string {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() - days)
  date.setUTCHours(hour, 0, 0, 0)
  return date.toISOString()
}

export const DEMO_PROFILE: ProfileInput = {
  name: 'Camille Laurent',
  title: 'Product Manager, développeuse web et design thinker',
  email: DEMO_IDENTITY.email,
  phone: DEMO_IDENTITY.phone,
  location: 'Lyon, France',
  website: 'https://camille-laurent.fr',
  github: 'https://github.com/camille-laurent',
  linkedin: 'https://www.linkedin.com/in/camille-laurent-produit',
  twitter: 'https://twitter.com/camille_produit',
  bio: paragraphs(
    'Je conçois des produits numériques utiles, accessibles et sobres, de la première interview utilisateur jusqu’à la mise en production.',
    'Après cinq ans de développement web full-stack, je suis passée du côté produit sans jamais lâcher le code : je facilite des ateliers de design thinking, je priorise avec les équipes et je prototype moi-même quand il faut convaincre vite.',
    'Basée à Lyon, j’accompagne des start-up, des collectivités et des acteurs de l’économie sociale et solidaire.',
  ),
  avatar: DEMO_OWNER.avatar,
}

export const DEMO_SETTINGS: SettingsInput = {
  siteName: 'Camille Laurent',
  siteDescription:
    'Portfolio de Camille Laurent, product manager, développeuse web et design thinker à Lyon : projets, parcours, articles et ateliers.',
  logo: DEMO_LOOK.logo,
  favicon: '/favicon.svg',
  metaImage: '/images/og-image.webp',
  keywords: [
    'product manager',
    'développeuse web',
    'design thinking',
    'accessibilité',
    'React',
    'Lyon',
    'portfolio',
  ],
  maintenanceMode: false,
  maintenanceMessage: 'Le site fait peau neuve : retour dans quelques minutes.',
  socialMedia: {
    github: 'https://github.com/camille-laurent',
    linkedin: 'https://www.linkedin.com/in/camille-laurent-produit',
    twitter: 'https://twitter.com/camille_produit',
  },
  contact: {
    email: DEMO_IDENTITY.email,
    phone: DEMO_IDENTITY.phone,
    address: 'Lyon, France',
    hours: 'Du lundi au vendredi, de 9 h à 18 h',
  },
}

export const DEMO_CV: CvInput = {
  // The demo CV file is imported into private storage at first start (ADR 018).
  url: CV_FILE_PATH,
  settings: { requireAuth: true, addWatermark: false, trackDownloads: true },
}

const projectImages = (slug: string) => ({
  thumbnail: `/demo/projects/${slug}-cover.webp`,
  images: [1, 2, 3].map((n) => `/demo/projects/${slug}-${n}.webp`),
})

/**
 * A project's "live site": a small self-contained page shipped in public/demo/live/, so the
 * preview frame shows something real and the demo needs no third-party host at run time.
 */
const liveDemo = (slug: string) => `/demo/live/${slug}.html`

export const DEMO_PROJECTS: ProjectInput[] = [
  {
    title: 'Atelier Santé',
    description:
      'Refonte du parcours patient d’une plateforme de téléconsultation : moins d’abandons, plus d’autonomie pour les personnes âgées.',
    ...projectImages('atelier-sante'),
    tags: ['Produit', 'Design Thinking', 'React', 'Accessibilité'],
    content: markdownParagraphs(
      'La plateforme perdait près d’un patient sur trois entre la prise de rendez-vous et le début de la consultation. Les entretiens menés avec vingt-deux patients et six médecins ont montré que l’étape de test du micro et de la caméra était vécue comme un examen à réussir.',
      'Nous avons cartographié le parcours complet lors de deux ateliers de design thinking réunissant soignants, support client et développeurs. Trois irritants sont ressortis : le vocabulaire technique, l’absence de retour visuel et l’impossibilité de se faire aider par un proche.',
      'J’ai piloté la nouvelle version du parcours en React, avec un mode « accompagnant » qui permet à un aidant de rejoindre la salle d’attente depuis son propre téléphone. Chaque écran a été testé avec des lecteurs d’écran et à 200 % de zoom.',
      'Six mois après la mise en ligne, le taux d’abandon est passé de 31 % à 12 % et les appels au support liés à la connexion ont diminué de moitié.',
    ),
    featured: true,
    order: 1,
    startDate: '2024-03',
  },
  {
    title: 'Cantine Locale',
    description:
      'Une place de marché en circuit court qui relie les producteurs du Rhône aux restaurants scolaires de la métropole.',
    ...projectImages('cantine-locale'),
    tags: ['Produit', 'Node.js', 'React', 'Économie sociale'],
    content: markdownParagraphs(
      'Les cuisines centrales voulaient servir davantage de produits locaux, mais commander auprès de quarante producteurs différents restait un casse-tête administratif.',
      'J’ai conduit la découverte produit avec les gestionnaires de cantine et une coopérative agricole, puis défini une première version volontairement réduite : un catalogue hebdomadaire, une commande groupée et une facturation unique.',
      'Côté technique, l’application repose sur Node.js, une base PostgreSQL et une interface React pensée pour les tablettes des cuisines. Les producteurs mettent à jour leurs disponibilités par simple SMS.',
      'La part de produits locaux dans les repas des écoles partenaires est passée de 18 % à 41 % en une année scolaire.',
    ),
    featured: true,
    order: 2,
    startDate: '2023-05',
    endDate: '2024-01',
    url: liveDemo('cantine-locale'),
  },
  {
    title: 'Design system accessible',
    description:
      'Un design system conforme au RGAA pour les services en ligne d’une collectivité, du jeton de couleur au composant documenté.',
    ...projectImages('design-system-accessible'),
    tags: ['Accessibilité', 'Design System', 'React', 'Storybook'],
    content: markdownParagraphs(
      'Chaque service numérique de la collectivité réinventait ses propres boutons, formulaires et messages d’erreur, avec des niveaux d’accessibilité très inégaux.',
      'Après un audit de douze démarches en ligne, j’ai proposé une bibliothèque de composants commune, documentée dans Storybook et testée automatiquement avec axe.',
      'Les contrastes, l’ordre de tabulation et les annonces pour les lecteurs d’écran sont vérifiés à chaque modification. Les équipes disposent aussi de modèles de pages prêts à l’emploi pour les parcours les plus fréquents.',
      'Le taux de conformité moyen est passé de 54 % à 92 %, et le temps de conception d’une nouvelle démarche a été divisé par deux.',
    ),
    featured: true,
    order: 3,
    startDate: '2022-09',
    endDate: '2023-06',
  },
  {
    title: 'Trajets Doux',
    description:
      'Un tableau de bord ouvert pour suivre l’usage du vélo et de la marche à l’échelle des quartiers lyonnais.',
    ...projectImages('trajets-doux'),
    tags: ['Data visualisation', 'TypeScript', 'Node.js', 'Open data'],
    content: markdownParagraphs(
      'Les élus disposaient de comptages vélo dispersés dans des tableurs, difficiles à comparer d’un quartier à l’autre.',
      'J’ai construit un tableau de bord en TypeScript qui agrège les données ouvertes des compteurs, la météo et le calendrier scolaire, avec une attention particulière à la lisibilité des graphiques.',
      'Chaque visualisation propose une alternative textuelle et un export CSV, pour que les données restent accessibles à toutes et tous.',
      'L’outil sert désormais de base aux concertations publiques sur les nouveaux aménagements cyclables.',
    ),
    featured: false,
    order: 4,
    startDate: '2021-04',
    endDate: '2022-03',
    url: liveDemo('trajets-doux'),
  },
  {
    title: 'Kit d’idéation',
    description:
      'Un kit d’ateliers de design thinking, en ligne et imprimable, pour aider les équipes produit à passer du problème aux idées.',
    ...projectImages('kit-ideation'),
    tags: ['Design Thinking', 'Facilitation', 'Figma', 'Produit'],
    content: markdownParagraphs(
      'Beaucoup d’équipes veulent « faire du design thinking » sans savoir par où commencer ni comment animer une séance productive.',
      'Le kit rassemble quatorze formats d’atelier, des cartes d’empathie aux matrices de priorisation, avec pour chacun la durée, le matériel et les pièges à éviter.',
      'Je l’ai testé avec huit équipes, en présentiel et à distance, et retravaillé après chaque session à partir de leurs retours.',
      'Le kit est aujourd’hui utilisé par plusieurs incubateurs de la région Auvergne-Rhône-Alpes.',
    ),
    featured: false,
    order: 5,
    startDate: '2020-10',
    endDate: '2021-01',
  },
  {
    title: 'Budget Clair',
    description:
      'Une application de gestion budgétaire simple pour les petites associations, pensée avec leurs trésorières et trésoriers bénévoles.',
    ...projectImages('budget-clair'),
    tags: ['React', 'Node.js', 'SQLite', 'Produit'],
    content: markdownParagraphs(
      'Les trésoriers bénévoles jonglaient entre tableurs, reçus papier et relevés bancaires, souvent seuls et le soir.',
      'Nous avons imaginé avec eux une application qui tient en trois écrans : saisir une dépense, suivre le budget prévisionnel et préparer le bilan de l’assemblée générale.',
      'L’application fonctionne hors ligne, se synchronise dès qu’une connexion est disponible et exporte un bilan prêt à imprimer.',
      'Une trentaine d’associations l’utilisent aujourd’hui, avec une note moyenne de satisfaction de 4,7 sur 5.',
    ),
    featured: false,
    order: 6,
    startDate: '2019-03',
    endDate: '2021-06',
  },
]

export const DEMO_SKILLS: SkillInput[] = [
  { name: 'Design thinking', category: 'design', level: 5, color: '#8b5cf6' },
  { name: 'Recherche utilisateur', category: 'design', level: 4, color: '#a855f7' },
  { name: 'Prototypage', category: 'design', level: 4, color: '#d946ef' },
  { name: 'React et TypeScript', category: 'development', level: 5, color: '#0ea5e9' },
  { name: 'Node.js', category: 'development', level: 4, color: '#22c55e' },
  { name: 'SQL', category: 'development', level: 3, color: '#14b8a6' },
  { name: 'Accessibilité web', category: 'development', level: 4, color: '#6366f1' },
  { name: 'Figma', category: 'tools', level: 5, color: '#f97316' },
  { name: 'Git', category: 'tools', level: 4, color: '#ef4444' },
  { name: 'Miro', category: 'tools', level: 4, color: '#eab308' },
  { name: 'Jira', category: 'tools', level: 3, color: '#3b82f6' },
  { name: 'Facilitation d’ateliers', category: 'soft', level: 5, color: '#ec4899' },
  { name: 'Communication', category: 'soft', level: 5, color: '#f43f5e' },
  { name: 'Priorisation', category: 'soft', level: 4, color: '#10b981' },
]

export const DEMO_TIMELINE: TimelineItemInput[] = [
  {
    title: 'Lead Product Manager',
    organization: 'Studio Rhône Numérique',
    startDate: '2022-03',
    endDate: 'present',
    description:
      'Je pilote trois équipes produit pluridisciplinaires, de la découverte à la mesure d’impact, et j’anime la communauté interne de design thinking.',
    tags: ['Produit', 'Design Thinking', 'Management'],
    type: 'professional',
  },
  {
    title: 'Product Owner et développeuse front-end',
    organization: 'Mutuelle Horizon',
    startDate: '2019-09',
    endDate: '2022-02',
    description:
      'Responsable de l’espace adhérent en ligne : priorisation du backlog, tests utilisateurs mensuels et développement des parcours clés en React.',
    tags: ['Produit', 'React', 'Accessibilité'],
    type: 'professional',
  },
  {
    title: 'Développeuse web full-stack',
    organization: 'Agence Pixel & Soie',
    startDate: '2016-09',
    endDate: '2019-08',
    description:
      'Conception et développement de sites et d’applications pour des clients culturels lyonnais, en Node.js et JavaScript.',
    tags: ['Node.js', 'JavaScript', 'Intégration'],
    type: 'professional',
  },
  {
    title: 'Mentore bénévole',
    organization: 'Lyon Tech Solidaire',
    startDate: '2020-01',
    endDate: 'present',
    description:
      'J’accompagne des personnes en reconversion vers les métiers du numérique : revue de projets, préparation aux entretiens et ateliers collectifs.',
    tags: ['Mentorat', 'Transmission'],
    type: 'personal',
  },
  {
    title: 'Co-organisatrice du meetup Design Thinking Lyon',
    organization: 'Meetup Design Thinking Lyon',
    startDate: '2021-10',
    endDate: '2024-06',
    description:
      'Une rencontre par mois autour des méthodes de conception centrée sur l’humain, avec des intervenantes et intervenants de toute la région.',
    tags: ['Communauté', 'Design Thinking', 'Prise de parole'],
    type: 'personal',
  },
  {
    title: 'Certification Professional Scrum Product Owner',
    organization: 'Scrum.org',
    startDate: '2021-05',
    endDate: '2021-06',
    description:
      'Certification obtenue après une formation de deux jours sur la gestion de la valeur et du backlog produit.',
    tags: ['Agilité', 'Certification'],
    type: 'personal',
  },
  {
    title: 'Master Design d’interaction et innovation',
    organization: 'Université Lumière Lyon 2',
    startDate: '2014-09',
    endDate: '2016-06',
    description:
      'Ergonomie, recherche utilisateur et prototypage ; mémoire consacré à l’accessibilité des services publics en ligne.',
    tags: ['Formation', 'UX', 'Recherche'],
    type: 'personal',
  },
]

const author = { name: DEMO_OWNER.name, avatar: DEMO_OWNER.avatar }

/** Blog posts with the date they were published (the seed backdates them). */
export const DEMO_BLOG_POSTS: Array<BlogPostInput & { publishedAt: string }> = [
  {
    slug: 'design-thinking-et-priorisation',
    title: 'Ce que le design thinking m’a appris sur la priorisation',
    excerpt:
      'Prioriser, ce n’est pas trier une liste : c’est choisir le problème qui mérite d’être résolu en premier. Retour sur trois ateliers qui ont changé ma façon de faire.',
    content: markdownParagraphs(
      'Pendant longtemps, j’ai cru que prioriser consistait à attribuer une note à chaque idée puis à trier le tableau. Les matrices valeur-effort donnaient une impression de rigueur, mais les débats revenaient à chaque réunion.',
      'Le design thinking m’a obligée à remonter d’un cran : avant de comparer des solutions, il faut s’accorder sur le problème. Une carte d’empathie bien remplie règle souvent plus de désaccords qu’un score pondéré.',
      'Dans un atelier récent, l’équipe hésitait entre trois fonctionnalités. En reformulant chacune sous la forme « Comment pourrions-nous… », nous avons constaté que deux d’entre elles répondaient au même besoin. Le choix est devenu évident.',
      'Mon conseil : gardez vos matrices, mais ne les remplissez qu’après avoir écrit, ensemble, la phrase qui décrit le problème. La priorisation devient alors une conséquence, plus un combat.',
    ),
    thumbnail: '/demo/blog/design-thinking-et-priorisation.webp',
    category: 'Produit',
    tags: ['Design Thinking', 'Priorisation', 'Ateliers'],
    readTime: 6,
    author,
    publishedAt: daysAgo(4),
  },
  {
    slug: 'formulaire-accessible-en-cinq-etapes',
    title: 'Rendre un formulaire vraiment accessible en cinq étapes',
    excerpt:
      'Libellés, messages d’erreur, ordre de tabulation : cinq vérifications simples qui transforment l’expérience des personnes utilisant un lecteur d’écran.',
    content: markdownParagraphs(
      'Un formulaire est souvent le moment où un service en ligne devient inutilisable pour une partie de son public. Bonne nouvelle : l’essentiel se corrige en une demi-journée.',
      'Première étape : chaque champ a un libellé visible, associé par l’attribut for. Un texte indicatif ne remplace jamais un libellé.',
      'Deuxième étape : les erreurs sont annoncées, près du champ concerné, et le focus revient sur le premier champ en erreur. Une bordure rouge seule ne dit rien à un lecteur d’écran.',
      'Troisième étape : l’ordre de tabulation suit l’ordre visuel. Quatrième étape : les contrastes atteignent au moins 4,5 pour 1. Cinquième étape : on teste au clavier seul, puis avec NVDA ou VoiceOver.',
      'Ces vérifications prennent quelques minutes par formulaire et évitent bien des abandons. L’accessibilité n’est pas une option de fin de projet, c’est une qualité du produit.',
    ),
    thumbnail: '/demo/blog/formulaire-accessible-en-cinq-etapes.webp',
    category: 'Développement',
    tags: ['Accessibilité', 'Formulaires', 'RGAA'],
    readTime: 7,
    author,
    publishedAt: daysAgo(18),
  },
  {
    slug: 'ecrire-une-bonne-user-story',
    title: 'Écrire une bonne user story : au-delà du modèle',
    excerpt:
      '« En tant que…, je veux…, afin de… » : le modèle est connu, mais une bonne user story raconte surtout une conversation. Quelques pratiques qui aident l’équipe.',
    content: markdownParagraphs(
      'Le modèle classique de la user story a un mérite : il force à nommer la personne et le bénéfice attendu. Mais il ne suffit pas à rendre une story utile à l’équipe.',
      'Une bonne story commence par un exemple concret. « Martine, trésorière d’un club de judo, doit préparer le bilan annuel en une soirée » en dit plus que « en tant qu’utilisateur ».',
      'Les critères d’acceptation s’écrivent à plusieurs, développeurs et testeurs compris. Ils décrivent des comportements observables, pas des détails d’interface.',
      'Enfin, une story qui ne tient pas dans une itération est un signal : découpez-la par valeur livrée, pas par couche technique.',
    ),
    thumbnail: '/demo/blog/ecrire-une-bonne-user-story.webp',
    category: 'Produit',
    tags: ['Agilité', 'User stories', 'Produit'],
    readTime: 5,
    author,
    publishedAt: daysAgo(33),
  },
  {
    slug: 'rendu-serveur-react-router',
    title: 'Rendu côté serveur avec React Router : retour d’expérience',
    excerpt:
      'Passer d’une application monopage au rendu serveur a divisé par trois le temps d’affichage de nos pages publiques. Ce que nous avons appris en chemin.',
    content: markdownParagraphs(
      'Notre site public était une application monopage : un écran blanc, puis tout le contenu d’un coup. Sur les téléphones d’entrée de gamme, l’attente dépassait quatre secondes.',
      'Avec le mode framework de React Router, chaque page déclare un loader exécuté sur le serveur. Le HTML arrive complet, lisible avant même le chargement du JavaScript.',
      'La principale difficulté a été de traquer les différences entre rendu serveur et hydratation : dates formatées selon le fuseau, valeurs aléatoires, accès à window. Une règle simple nous a aidés : aucun avertissement dans la console n’est toléré dans les tests.',
      'Résultat : un premier affichage sous la seconde, un meilleur référencement et des formulaires qui fonctionnent même quand le JavaScript échoue.',
    ),
    thumbnail: '/demo/blog/rendu-serveur-react-router.webp',
    category: 'Développement',
    tags: ['React', 'Performance', 'SSR'],
    readTime: 8,
    author,
    publishedAt: daysAgo(51),
  },
  {
    slug: 'animer-un-atelier-ideation-a-distance',
    title: 'Animer un atelier d’idéation à distance',
    excerpt:
      'Caméras coupées, silences gênants, tableau blanc saturé : l’idéation à distance a ses pièges. Voici le déroulé que j’utilise avec les équipes réparties.',
    content: markdownParagraphs(
      'L’idéation à distance échoue rarement faute d’outils. Elle échoue parce qu’on transpose tel quel un atelier pensé pour une salle.',
      'Je commence toujours par dix minutes de production individuelle et silencieuse : chacun écrit ses idées sur le tableau partagé avant toute discussion. Les personnes plus réservées y gagnent énormément.',
      'Viennent ensuite des tours de présentation très courts, une minute par personne, puis un regroupement collectif par thèmes.',
      'Le vote se fait à points, en simultané, pour éviter l’effet d’entraînement. Et surtout : une pause toutes les quarante-cinq minutes, non négociable.',
    ),
    thumbnail: '/demo/blog/animer-un-atelier-ideation-a-distance.webp',
    category: 'Design',
    tags: ['Design Thinking', 'Facilitation', 'Télétravail'],
    readTime: 5,
    author,
    publishedAt: daysAgo(74),
  },
  {
    slug: 'mesurer-impact-fonctionnalite',
    title: 'Mesurer l’impact d’une fonctionnalité sans se noyer dans les métriques',
    excerpt:
      'Trop d’indicateurs tuent la décision. Une méthode en trois questions pour choisir la bonne mesure avant même d’écrire la première ligne de code.',
    content: markdownParagraphs(
      'Combien de tableaux de bord avez-vous ouverts cette semaine sans en tirer la moindre décision ? La profusion de métriques donne l’illusion du pilotage.',
      'Avant chaque fonctionnalité, je pose trois questions à l’équipe : quel comportement voulons-nous voir changer ? Comment le saurons-nous ? À partir de quel seuil considérerons-nous que c’est un échec ?',
      'Les réponses tiennent sur une fiche, affichée à côté du ticket. Elles évitent de chercher après coup la métrique qui donne raison.',
      'Mesurer moins, mais mesurer ce qui compte : c’est aussi une manière de respecter la vie privée des utilisateurs.',
    ),
    thumbnail: '/demo/blog/mesurer-impact-fonctionnalite.webp',
    category: 'Produit',
    tags: ['Métriques', 'Produit', 'Décision'],
    readTime: 4,
    author,
    publishedAt: daysAgo(96),
  },
]

export const DEMO_PROCESS_STEPS: ProcessStepInput[] = [
  {
    title: 'Empathie',
    description:
      'Observer et écouter les personnes concernées, sur le terrain et en entretien, pour comprendre leurs besoins réels plutôt que supposés.',
    order: 1,
  },
  {
    title: 'Définition',
    description:
      'Synthétiser ce que nous avons appris et formuler ensemble le problème à résoudre, en une phrase que toute l’équipe comprend.',
    order: 2,
  },
  {
    title: 'Idéation',
    description:
      'Produire un maximum d’idées sans les juger, puis les regrouper et choisir celles qui méritent d’être testées.',
    order: 3,
  },
  {
    title: 'Prototypage et test',
    description:
      'Construire vite une version testable, la confronter aux utilisateurs et itérer jusqu’à ce que la solution tienne ses promesses.',
    order: 4,
  },
]

const DEMO_MEDIA_ITEMS: MediaItemInput[] = [
  {
    url: '/demo/gallery/lumieres-de-fourviere.webp',
    title: 'Lumières de Fourvière',
    description: 'Composition géométrique inspirée des illuminations de la colline de Fourvière.',
    category: 'image',
    tags: ['Lyon', 'Illustration', 'Géométrie'],
    featured: true,
    order: 1,
  },
  {
    url: '/videos/gallery-demo.webm',
    title: 'Flux créatif',
    description:
      'Courte animation générative réalisée pour l’ouverture d’un meetup Design Thinking.',
    category: 'video',
    tags: ['Animation', 'Génératif', 'Meetup'],
    featured: true,
    order: 2,
  },
  {
    url: '/demo/gallery/traboules.webp',
    title: 'Traboules',
    description: 'Un jeu de passages et de cours intérieures, traduit en formes et en couleurs.',
    category: 'image',
    tags: ['Lyon', 'Architecture', 'Illustration'],
    featured: false,
    order: 3,
  },
  {
    url: '/demo/gallery/confluence.webp',
    title: 'Confluence',
    description: 'La rencontre du Rhône et de la Saône, vue comme deux dégradés qui se rejoignent.',
    category: 'image',
    tags: ['Lyon', 'Dégradés'],
    featured: true,
    order: 4,
  },
  {
    url: '/demo/gallery/carte-empathie.webp',
    title: 'Carte d’empathie',
    description:
      'Le support imprimé utilisé lors des ateliers de découverte avec les équipes produit.',
    category: 'image',
    tags: ['Design Thinking', 'Atelier'],
    featured: false,
    order: 5,
  },
  {
    url: '/demo/gallery/prototype-papier.webp',
    title: 'Prototype papier',
    description:
      'Des écrans esquissés en quelques minutes pour tester une idée avant tout développement.',
    category: 'image',
    tags: ['Prototypage', 'Design Thinking'],
    featured: false,
    order: 6,
  },
  {
    url: '/demo/gallery/croix-rousse.webp',
    title: 'Pentes de la Croix-Rousse',
    description: 'Escaliers, façades colorées et lignes de fuite : une étude de rythme.',
    category: 'image',
    tags: ['Lyon', 'Illustration'],
    featured: false,
    order: 7,
  },
  {
    url: '/demo/gallery/fete-des-lumieres.webp',
    title: 'Fête des Lumières',
    description: 'Une variation nocturne, toute en halos et en cercles concentriques.',
    category: 'image',
    tags: ['Lyon', 'Lumière', 'Génératif'],
    featured: true,
    order: 8,
  },
  {
    url: '/demo/gallery/atelier-post-it.webp',
    title: 'Mur d’idées',
    description:
      'Le mur de notes adhésives à la fin d’une journée d’idéation avec une collectivité.',
    category: 'image',
    tags: ['Atelier', 'Idéation'],
    featured: false,
    order: 9,
  },
]

// A demo image's text alternative is its title (what the gallery showed so far).
export const DEMO_MEDIA: MediaItemInput[] = DEMO_MEDIA_ITEMS.map((item) => ({
  alt: item.category === 'image' ? item.title : '',
  decorative: false,
  inGallery: true,
  ...item,
}))

export interface DemoMessage {
  input: MessageInput
  status: MessageStatus
  receivedAt: string
  reply?: string
}

/** Contact messages in every status, so the admin inbox has content. */
export const DEMO_MESSAGES: DemoMessage[] = [
  {
    input: {
      name: 'Julien Moreau',
      email: 'julien.moreau@example.net',
      message:
        'Bonjour Camille, je dirige une petite agence web à Villeurbanne et nous cherchons quelqu’un pour animer un atelier de design thinking avec un client en janvier. Seriez-vous disponible pour en discuter ?',
    },
    status: 'new',
    receivedAt: daysAgo(1, 9),
  },
  {
    input: {
      name: 'Sophie Bernard',
      email: 'sophie.bernard@example.org',
      message:
        'Votre article sur les formulaires accessibles m’a beaucoup aidée. Auriez-vous des ressources à conseiller pour tester avec VoiceOver sur iPhone ?',
    },
    status: 'new',
    receivedAt: daysAgo(2, 14),
  },
  {
    input: {
      name: 'Nadia Haddad',
      email: 'nadia.haddad@example.com',
      message:
        'Bonjour, j’organise une conférence sur l’innovation publique à Grenoble au printemps. Accepteriez-vous d’y présenter le projet de design system accessible ?',
    },
    status: 'new',
    receivedAt: daysAgo(3, 16),
  },
  {
    input: {
      name: 'Thomas Girard',
      email: 'thomas.girard@example.net',
      message:
        'Bonjour, le kit d’idéation est-il disponible en version imprimable ? Nous aimerions l’utiliser avec notre association de quartier.',
    },
    status: 'replied',
    receivedAt: daysAgo(6, 11),
    reply:
      'Bonjour Thomas, merci pour votre message ! Oui, une version imprimable au format A4 est disponible : je vous l’envoie par e-mail avec quelques conseils d’animation. Belle journée, Camille',
  },
  {
    input: {
      name: 'Léa Fontaine',
      email: 'lea.fontaine@example.net',
      message:
        'Je suis en reconversion vers le métier de product manager et j’aimerais échanger quelques minutes avec vous sur votre parcours, si vous en avez le temps.',
    },
    status: 'read',
    receivedAt: daysAgo(9, 18),
  },
  {
    input: {
      name: 'Marc Dubois',
      email: 'marc.dubois@example.com',
      message:
        'Bonjour, nous recrutons un ou une Head of Product pour une scale-up lyonnaise dans la santé. Le poste pourrait-il vous intéresser ?',
    },
    status: 'read',
    receivedAt: daysAgo(12, 10),
  },
  {
    input: {
      name: 'Claire Petit',
      email: 'claire.petit@example.org',
      message:
        'Merci pour l’atelier de jeudi dernier au meetup, c’était passionnant. Les supports seront-ils partagés ?',
    },
    status: 'archived',
    receivedAt: daysAgo(27, 20),
  },
  {
    input: {
      name: 'Antoine Lefèvre',
      email: 'antoine.lefevre@example.net',
      message:
        'Bonjour, je vous signale un petit souci d’affichage de la galerie sur mon ancienne tablette. Rien de grave, mais je préférais vous prévenir.',
    },
    status: 'archived',
    receivedAt: daysAgo(40, 8),
  },
]
