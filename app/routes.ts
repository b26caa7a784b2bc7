import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  layout,
  route,
} from '@react-router/dev/routes'
import { ADMIN_TABS } from './domain/admin-tabs.ts'
import { MEDIA_ALT_PATH, MEDIA_UPLOAD_PATH } from './domain/media-file.ts'
import { NEWSLETTER_PUBLISH_PATH } from './domain/newsletter.ts'
import { LEGACY_REDIRECTS, LEGAL_PAGES } from './domain/routes.ts'
import { LEGAL_EN_PATHS, localizedRouteId, type Locale } from './domain/i18n/locale.ts'

/** The public pages in one language; English ones live under /en/ (ADR 074). */
function publicSite(locale: Locale): RouteConfigEntry[] {
  const id = (file: string) => localizedRouteId(file.replace(/\.tsx$/, ''), locale)
  const page = (path: string, file: string, routeId = id(file)) =>
    route(path, file, { id: routeId })
  const legalPaths = Object.entries(LEGAL_PAGES).map(([key, page]) => ({
    key,
    path: locale === 'fr' ? page.path : LEGAL_EN_PATHS[key as keyof typeof LEGAL_PAGES],
  }))
  const children = [
    index('routes/public/home.tsx', { id: id('routes/public/home.tsx') }),
    page('projects', 'routes/public/projects.tsx'),
    page('projects/:id', 'routes/public/project.tsx'),
    page('timeline', 'routes/public/timeline.tsx'),
    page('blog', 'routes/public/blog.tsx'),
    page('blog/:slug', 'routes/public/blog-post.tsx'),
    page('gallery', 'routes/public/gallery.tsx'),
    page('cv', 'routes/public/cv.tsx'),
    page('contact', 'routes/public/contact.tsx'),
    ...legalPaths.map(({ key, path }) =>
      page(path.slice(1), 'routes/public/legal.tsx', localizedRouteId(`legal-${key}`, locale)),
    ),
    // The owner's pages (ADR 090): one dynamic segment, so every static route above wins.
    page(':slug', 'routes/public/page.tsx'),
    page('*', 'routes/public/not-found.tsx'),
  ]
  const layoutId = id('routes/public/layout.tsx')
  return locale === 'fr'
    ? [layout('routes/public/layout.tsx', children)]
    : [route('en', 'routes/public/layout.tsx', { id: layoutId }, children)]
}

export default [
  // Resources (no UI)
  route('healthz', 'routes/resources/healthz.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('rss.xml', 'routes/resources/rss.ts'),
  route('en/rss.xml', 'routes/resources/rss.ts', { id: 'en-rss' }),
  route('cv/telecharger', 'routes/resources/cv-download.ts'),
  route('cv/fichier', 'routes/resources/cv-file.ts'),
  route('api/activity', 'routes/resources/activity-beacon.ts'),
  // The statistics' collection endpoint (STATS_BEACON_PATH, ADR 072).
  route('api/event', 'routes/resources/stats-event.ts'),
  route('api/statistics/export', 'routes/resources/statistics-export.ts'),
  route('api/subscribers/export', 'routes/resources/subscribers-export.ts'),
  // The statistics' read-only share link (STATS_SHARE_PATH, ADR 096).
  route('statistiques/partage', 'routes/statistics-share.tsx'),
  route('api/markdown-preview', 'routes/resources/markdown-preview.ts'),
  route('api/media', 'routes/resources/media-list.ts'),
  route('api/transfer/import', 'routes/resources/transfer-import.ts'),
  route('api/transfer/export', 'routes/resources/transfer-export.ts'),
  route('media/:key', 'routes/resources/media-file.ts'),
  // The newsletter (ADR 085): subscription action, double opt-in link, one-click unsubscribe.
  route('abonnement', 'routes/resources/newsletter-subscribe.ts'),
  route('abonnement/confirmer', 'routes/public/newsletter-confirm.tsx'),
  route('en/abonnement/confirmer', 'routes/public/newsletter-confirm.tsx', {
    id: 'en-newsletter-confirm',
  }),
  route('desabonnement', 'routes/public/newsletter-unsubscribe.tsx'),
  route('en/desabonnement', 'routes/public/newsletter-unsubscribe.tsx', {
    id: 'en-newsletter-unsubscribe',
  }),
  ...Object.keys(LEGACY_REDIRECTS).map((from) =>
    route(from.slice(1), 'routes/resources/legacy-redirect.ts', { id: `legacy${from}` }),
  ),

  // Accounts
  route('api/auth/*', 'routes/auth/api.ts'),
  route('login', 'routes/auth/login.tsx'),
  route('register', 'routes/auth/register.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('logout', 'routes/auth/logout.ts'),
  route('setup/:token', 'routes/auth/setup.tsx'),
  route('auth/social/:provider', 'routes/auth/social.ts'),
  route('auth/popup', 'routes/auth/popup.tsx'),
  route('auth/verification', 'routes/auth/verification.tsx'),
  route('compte', 'routes/account/index.tsx'),
  route('compte/double-authentification', 'routes/account/two-factor.tsx'),
  route('compte/donnees', 'routes/account/data.ts'),
  route('compte/adresse', 'routes/account/address-confirmed.tsx'),
  route('compte/supprime', 'routes/account/deleted.tsx'),

  // Administration hub: one route file per tab (the tab lives in the URL)
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    ...ADMIN_TABS.map((tab) => route(tab.id, `routes/admin/${tab.id}.tsx`)),
    route('settings/emails', 'routes/admin/settings-emails.tsx'),
    route('settings/transfer', 'routes/admin/settings-transfer.tsx'),
  ]),
  // The media tab's uploads (admins only), filed beside the tabs they serve; the URL is the
  // one constant the Express body rules and the uploader also use.
  route(MEDIA_UPLOAD_PATH.slice(1), 'routes/admin/api/media-upload.ts'),
  route(MEDIA_ALT_PATH.slice(1), 'routes/admin/api/media-alt.ts'),
  // The publish form's newsletter box (admins only, ADR 097).
  route(NEWSLETTER_PUBLISH_PATH.slice(1), 'routes/admin/api/newsletter-publish.ts'),

  // Public site: French at the root, English under /en/ from the same route files, with ids
  // prefixed "en-" (the language comes from the path alone, ADR 074).
  ...publicSite('fr'),
  ...publicSite('en'),
] satisfies RouteConfig
