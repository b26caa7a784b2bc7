// Legal pages (ADR 021, amending ADR 008): French templates for the legal notice (LCEN
// art. 6-III), the privacy policy (GDPR art. 13) and the terms, filled with the owner's
// name and contact details. The owner edits them in 'Paramètres › Pages légales'; a text
// left empty shows the template. Markdown, rendered by the posts' pipeline (ADR 021's
// amendment); a text from before, plain text without a Markdown heading, keeps its headings
// through `legalMarkdown`. No I/O.
import type { Locale } from './i18n/locale.ts'
import type { LEGAL_PAGES } from './routes.ts'

export type LegalKey = keyof typeof LEGAL_PAGES

/** What the templates name: only what the owner entered, never invented data. */
export interface LegalFacts {
  siteName: string
  /** The profile's name; the site name when the profile has none. */
  ownerName: string
  email?: string
  phone?: string
  address?: string
  /** The site's public address (PUBLIC_URL). */
  siteUrl: string
  /** Days the activity log keeps its entries (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays: number
  /** Days the outbox keeps an e-mail once sent or given up (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number
  /** Whether an audience measurement ID is set (then consent is asked, ADR 022). */
  analytics: boolean
  /** The built-in statistics when on (ADR 072): months raw events are kept. */
  statistics?: { retentionMonths: number }
}

/** The built-in statistics in the privacy template (ADR 072): what, why, how long, objecting. */
export function statisticsSection(owner: string, retentionMonths: number): string[] {
  return [
    '## Statistiques de visite',
    `Pour connaître la fréquentation du site, ${owner} mesure son audience avec un outil intégré au site, sans cookie et sans service tiers. Chaque page vue est enregistrée avec son adresse (sans les paramètres, hormis ceux d’une campagne : utm et ref), le site d’où vous venez, le type d’appareil, le navigateur, le système et le pays déduit du fuseau horaire de votre navigateur ; l’envoi du formulaire de contact, le téléchargement du CV et les clics vers les liens d’un projet sont comptés de la même façon. Votre adresse IP n’est jamais enregistrée : avec votre navigateur, elle sert seulement à calculer un identifiant anonyme qui change chaque jour et ne permet ni de vous reconnaître ni de relier deux journées. Ces données servent uniquement à produire des statistiques anonymes pour l’éditeur du site : elles ne sont croisées avec aucun autre traitement (comptes, messages, journal d’activité) ni transmises à quiconque. Les données détaillées sont supprimées au bout de ${retentionMonths} mois ; seuls des totaux anonymes sont conservés au-delà. Les visiteurs connectés à un compte ne sont pas comptés.`,
    'Vous pouvez vous y opposer à tout moment avec le bouton « Ne plus être compté » ci-dessous : votre navigateur garde ce choix 13 mois dans un cookie qui ne contient que « opt-out », sans aucun identifiant. Les réglages « Ne pas me pister » (Do Not Track) et « Global Privacy Control » de votre navigateur sont également respectés.',
  ]
}

/** Shown under the contact form (GDPR art. 13): what is stored, why and for how long. */
export const CONTACT_STORAGE_NOTICE =
  'Vos nom, adresse e-mail et message sont enregistrés sur ce site dans le seul but de vous répondre. Ils ne sont transmis à personne et sont supprimés une fois l’échange terminé, ou plus tôt sur simple demande.'

export const LEGAL_TEMPLATE_HINT =
  'Modèle pré-rempli avec votre nom et vos coordonnées : relisez-le et complétez ce qui est entre crochets. Videz le champ pour revenir au modèle.'

const clean = (value: string | undefined) => value?.trim() || undefined

/** How each language names the owner's contact details: one logic for both (ADR 089). */
const CONTACT_WORDS = {
  fr: {
    email: (email: string) => `E-mail : ${email}`,
    noEmail: 'Contact : via le formulaire de la page Contact',
    phone: (phone: string) => `Téléphone : ${phone}`,
    address: (address: string) => `Adresse : ${address}`,
    byEmail: (email: string) => `par e-mail à ${email} ou via la page Contact`,
    byForm: 'via le formulaire de la page Contact',
  },
  en: {
    email: (email: string) => `E-mail: ${email}`,
    noEmail: 'Contact: through the form on the Contact page',
    phone: (phone: string) => `Phone: ${phone}`,
    address: (address: string) => `Address: ${address}`,
    byEmail: (email: string) => `by e-mail at ${email} or through the Contact page`,
    byForm: 'through the form on the Contact page',
  },
} satisfies Record<Locale, Record<string, string | ((value: string) => string)>>

/** The owner's contact lines of the legal notice. */
function contactLines(facts: LegalFacts, locale: Locale): string[] {
  const words = CONTACT_WORDS[locale]
  const email = clean(facts.email)
  const phone = clean(facts.phone)
  const address = clean(facts.address)
  return [
    email ? words.email(email) : words.noEmail,
    ...(phone ? [words.phone(phone)] : []),
    ...(address ? [words.address(address)] : []),
  ]
}

/** How the owner can be reached, inside a sentence. */
function contactMeans(facts: LegalFacts, locale: Locale): string {
  const email = clean(facts.email)
  return email ? CONTACT_WORDS[locale].byEmail(email) : CONTACT_WORDS[locale].byForm
}

/**
 * Where the owner's name goes while the profile still names the demo person (ADR 070), per
 * language: the English template names the English placeholder (ADR 089).
 */
export const OWNER_PLACEHOLDER = {
  fr: '[votre nom ou raison sociale]',
  en: '[your name or company name]',
} as const satisfies Record<Locale, string>

/**
 * The template of one legal page in `locale`, filled with `facts`. Both languages are built
 * from the same facts, section for section, so they cannot disagree (ADR 089).
 */
export function legalTemplate(key: LegalKey, facts: LegalFacts, locale: Locale = 'fr'): string {
  if (locale === 'en') return englishLegalTemplate(key, facts)
  const owner = clean(facts.ownerName) ?? facts.siteName
  const site = `${facts.siteName} (${facts.siteUrl})`
  switch (key) {
    case 'notice':
      return [
        '## Éditeur du site',
        [
          `Le site ${site} est édité par ${owner}, à titre personnel.`,
          ...contactLines(facts, 'fr'),
        ].join(HARD_BREAK),
        `Directeur de la publication : ${owner}.`,
        '## Hébergement',
        "Le site est hébergé par : [nom, adresse et téléphone de l'hébergeur].",
        '## Propriété intellectuelle',
        `Les textes, images et vidéos de ce site sont la propriété de ${owner}, sauf mention contraire. Toute reproduction sans autorisation préalable est interdite.`,
        '## Données personnelles',
        'Le traitement de vos données est décrit dans la politique de confidentialité.',
      ].join('\n\n')
    case 'privacy':
      return [
        '## Responsable du traitement',
        `${owner}, joignable ${contactMeans(facts, 'fr')}.`,
        '## Formulaire de contact',
        `Vos nom, adresse e-mail et message sont enregistrés dans le seul but de vous répondre (base légale : votre demande). Ils ne sont transmis à aucun tiers et sont supprimés une fois l’échange terminé. Les e-mails envoyés par le site (réponses, liens des comptes) sont conservés ${facts.outboxRetentionDays} jours pour suivre leur envoi, puis supprimés.`,
        // The newsletter (ADR 097): double opt-in, proof of consent, nothing tracked.
        '## Lettre d’information',
        'Si vous vous abonnez aux nouveaux articles, votre adresse e-mail, la langue choisie et la preuve de votre consentement (date, page, texte accepté, adresse IP tronquée) sont conservées jusqu’à votre désabonnement (base légale : votre consentement, confirmé par un lien envoyé par e-mail). Chaque e-mail porte un lien « Se désabonner » qui vous retire de la liste en un clic. Aucun pixel de suivi, aucun lien réécrit : le site ne sait pas si vous ouvrez ses e-mails ni sur quoi vous cliquez.',
        '## Comptes et journal d’activité',
        `Pour la sécurité du site, les connexions et les actions des comptes sont journalisées avec une adresse IP tronquée, le navigateur et le système utilisés. Ces entrées sont supprimées au bout de ${facts.activityRetentionDays} jours.`,
        facts.analytics ? '## Mesure d’audience' : '## Cookies',
        facts.analytics
          ? 'Une mesure d’audience (Google Analytics) n’est activée qu’après votre accord, donné ou refusé dans le bandeau affiché à votre première visite. Vous pouvez changer d’avis à tout moment avec le lien « Gestion des cookies » en bas de chaque page. Votre choix est conservé 6 mois dans votre navigateur.'
          : 'Le site n’utilise que les cookies nécessaires à son fonctionnement (session des comptes connectés, thème choisi). Aucun cookie de mesure d’audience ou de publicité n’est déposé.',
        ...(facts.statistics ? statisticsSection(owner, facts.statistics.retentionMonths) : []),
        '## Vos droits',
        `Conformément au RGPD, vous pouvez demander l’accès à vos données, leur rectification ou leur effacement ${contactMeans(facts, 'fr')}. Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).`,
      ].join('\n\n')
    case 'terms':
      return [
        '## Objet',
        `Les présentes conditions encadrent l’utilisation du site ${site}, édité par ${owner}. Naviguer sur le site vaut acceptation de ces conditions.`,
        '## Comptes',
        'La création d’un compte est facultative. Un compte peut être suspendu en cas d’usage abusif ou contraire à la loi.',
        '## Contenus',
        `Les contenus sont fournis à titre d’information. ${owner} s’efforce de les tenir exacts et à jour, sans pouvoir garantir l’absence d’erreurs.`,
        '## Contact',
        `Pour toute question sur ces conditions, écrivez ${contactMeans(facts, 'fr')}.`,
      ].join('\n\n')
  }
}

/** A Markdown line break inside a paragraph (a backslash at the end of the line). */
const HARD_BREAK = '\\\n'

/** The text a legal page shows: the owner's own text, or the filled template. */
export function legalText(
  key: LegalKey,
  stored: string | undefined,
  facts: LegalFacts,
  locale: Locale = 'fr',
): string {
  return stored?.trim() || legalTemplate(key, facts, locale)
}

/** The built-in statistics in the English privacy template: the French section's twin. */
export function englishStatisticsSection(owner: string, retentionMonths: number): string[] {
  return [
    '## Visit statistics',
    `To know how much the site is visited, ${owner} measures its audience with a tool built into the site, without cookies and without any third-party service. Each page view is recorded with its address (without its parameters, except those of a campaign: utm and ref), the site you came from, the type of device, the browser, the operating system and the country inferred from your browser’s time zone; sending the contact form, downloading the CV and clicks on a project’s links are counted the same way. Your IP address is never recorded: together with your browser, it is only used to compute an anonymous identifier that changes every day and can neither recognise you nor link two days together. These data are used only to produce anonymous statistics for the site’s publisher: they are combined with no other processing (accounts, messages, activity log) and passed on to nobody. Detailed data are deleted after ${retentionMonths} months; only anonymous totals are kept beyond that. Visitors signed in to an account are not counted.`,
    'You may object at any time with the “Stop counting me” button below: your browser keeps this choice for 13 months in a cookie that contains only “opt-out”, without any identifier. Your browser’s “Do Not Track” and “Global Privacy Control” settings are also respected.',
  ]
}

function englishLegalTemplate(key: LegalKey, facts: LegalFacts): string {
  const named = clean(facts.ownerName) ?? facts.siteName
  const owner = named === OWNER_PLACEHOLDER.fr ? OWNER_PLACEHOLDER.en : named
  const site = `${facts.siteName} (${facts.siteUrl})`
  switch (key) {
    case 'notice':
      return [
        '## Publisher',
        [
          `The site ${site} is published by ${owner}, in a personal capacity.`,
          ...contactLines(facts, 'en'),
        ].join(HARD_BREAK),
        `Publication director: ${owner}.`,
        '## Hosting',
        'The site is hosted by: [name, address and phone number of the host].',
        '## Intellectual property',
        `The texts, images and videos of this site are the property of ${owner}, unless stated otherwise. Any reproduction without prior permission is forbidden.`,
        '## Personal data',
        'How your data are processed is described in the privacy policy.',
      ].join('\n\n')
    case 'privacy':
      return [
        '## Data controller',
        `${owner}, who can be reached ${contactMeans(facts, 'en')}.`,
        '## Contact form',
        `Your name, e-mail address and message are stored only to answer you (legal basis: your request). They are passed on to no third party and are deleted once the exchange is over. E-mails sent by the site (replies, account links) are kept for ${facts.outboxRetentionDays} days to follow their delivery, then deleted.`,
        '## Newsletter',
        'If you subscribe to new posts, your e-mail address, the language chosen and the proof of your consent (date, page, text accepted, truncated IP address) are kept until you unsubscribe (legal basis: your consent, confirmed through a link sent by e-mail). Every e-mail carries an “Unsubscribe” link that removes you from the list in one click. No tracking pixel, no rewritten links: the site does not know whether you open its e-mails or what you click.',
        '## Accounts and activity log',
        `For the site’s security, sign-ins and account actions are logged with a truncated IP address, the browser and the operating system used. These entries are deleted after ${facts.activityRetentionDays} days.`,
        facts.analytics ? '## Audience measurement' : '## Cookies',
        facts.analytics
          ? 'An audience measurement (Google Analytics) is switched on only after your consent, given or refused in the banner shown on your first visit. You may change your mind at any time with the “Cookie settings” link at the bottom of each page. Your choice is kept in your browser for 6 months.'
          : 'The site uses only the cookies it needs to work (the session of signed-in accounts, the chosen theme). No audience-measurement or advertising cookie is set.',
        ...(facts.statistics
          ? englishStatisticsSection(owner, facts.statistics.retentionMonths)
          : []),
        '## Your rights',
        `Under the GDPR, you may ask to access, correct or erase your data ${contactMeans(facts, 'en')}. You may also lodge a complaint with the CNIL (www.cnil.fr), the French data protection authority.`,
      ].join('\n\n')
    case 'terms':
      return [
        '## Purpose',
        `These terms govern the use of the site ${site}, published by ${owner}. Browsing the site means accepting these terms.`,
        '## Accounts',
        'Creating an account is optional. An account may be suspended in case of abusive or unlawful use.',
        '## Contents',
        `The contents are provided for information. ${owner} strives to keep them accurate and up to date, without being able to guarantee that they are free of errors.`,
        '## Contact',
        `For any question about these terms, write ${contactMeans(facts, 'en')}.`,
      ].join('\n\n')
  }
}

export type LegalBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: string[] }

/**
 * Plain text to blocks, rendered as React text (never as HTML): blank lines separate blocks,
 * a single short line without final punctuation is a heading, other lines break within a
 * paragraph.
 */
export function legalBlocks(text: string): LegalBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines): LegalBlock => {
      const only = lines.length === 1 ? lines[0]! : undefined
      return only && only.length <= 80 && !/[.:;!?,)»]$/.test(only)
        ? { kind: 'heading', text: only }
        : { kind: 'paragraph', lines }
    })
}

const MARKDOWN_HEADING = /^ {0,3}#{1,6}[ \t]/m

/**
 * The Markdown a legal page renders. A text with a Markdown heading is Markdown: its level-1
 * headings become level 2 (the page's title is its only h1). A text without one was written
 * as plain text (before the amendment of ADR 021): its short lines become headings and its
 * lines break as typed, as they always showed.
 */
export function legalMarkdown(text: string): string {
  if (MARKDOWN_HEADING.test(text)) return text.replace(/^( {0,3})#(?=[ \t])/gm, '$1##')
  return legalBlocks(text)
    .map((block) => (block.kind === 'heading' ? `## ${block.text}` : block.lines.join(HARD_BREAK)))
    .join('\n\n')
}
