// Redirects from the original site's paths (301, replacing the history entry).
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/portfolio': '/projects',
  '/about': '/timeline',
  '/blog/posts': '/blog',
  '/contact-us': '/contact',
  '/gallery-old': '/gallery',
  '/resume': '/cv',
}

/** Public pages for the legal notice, privacy policy and terms (footer links). */
export const LEGAL_PAGES = {
  notice: { path: '/mentions-legales', title: 'Mentions légales' },
  privacy: { path: '/confidentialite', title: 'Politique de confidentialité' },
  terms: { path: '/conditions', title: "Conditions d'utilisation" },
} as const
