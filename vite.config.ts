import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { globSync, readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

/**
 * Code every public page shares (ADR 086): the root and client entry, the chrome, the shared
 * UI modules at app/ui's top level, the message lookup and the few domain modules the chrome
 * needs, and the icons' runtime, with what they import. Never a domain schema, an admin module
 * or a catalogue. A public component only some pages use (cards, the CV's guard, the newsletter
 * form…) stays with those pages, and the chrome's parts loaded after hydration stay out
 * (ADR 105).
 */
const SHELL =
  /(node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|[\\/]app[\\/](root\.tsx|entry\.client\.tsx|ui[\\/](chrome[\\/]|public[\\/]|[^/\\]+\.tsx?$)|domain[\\/](i18n[\\/]|(http-errors|theme|lazy-intl|date-time|routes|seo|media-file|structured-data|limits|page-seo)\.ts$)))/
/**
 * Out of the shell (ADR 105): the chrome's parts imported once the page is hydrated, where they
 * are needed, and the public components one or two pages use (they go with those pages).
 */
const NOT_SHELL =
  /[\\/]app[\\/]ui[\\/](chrome[\\/](cursor-parts|consent-banner|user-menu|statistics-script|maintenance-banner|footer)|public[\\/](suggestion-link|capture-guard|newsletter-form|skills-section|project-card|blog-card|stats-opt-out|not-found-screen))\.tsx?$/
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/
const ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/

/**
 * The lucide icon files the public side uses. Every import goes through lucide's index, so
 * the bundler sees the index, not the page, as an icon's importer: the names are read in the
 * public sources and matched to their files in that index (ADR 105).
 */
function publicIconFiles(
  pattern = 'app/{root.tsx,ui/{chrome,public,primitives}/*.tsx,routes/public/*.tsx}',
): Set<string> {
  const names = new Set<string>()
  const sources = globSync(pattern)
  for (const source of sources) {
    for (const [, list = ''] of readFileSync(source, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g,
    ))
      for (const name of list.split(',')) names.add(name.replace(/\btype\b/, '').trim())
  }
  const index = readFileSync('node_modules/lucide-react/dist/esm/lucide-react.mjs', 'utf8')
  const files = new Set<string>()
  for (const [, aliases = '', file = ''] of index.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  ))
    if (aliases.split(',').some((alias) => names.has(alias.replace('default as', '').trim())))
      files.add(file)
  return files
}
const PUBLIC_ICONS = publicIconFiles()
/**
 * The footer's icons stay in the shell though the footer leaves it (ADR 113): pages share them
 * (the contact page's mail, the home page's arrow), and apart they cost those pages a request.
 */
const FOOTER_ICONS = publicIconFiles('app/ui/chrome/footer.tsx')
const ADMIN = /admin/i
/**
 * The catalogues: each its own chunk, loaded by the pages of its language only (ADRs 089, 105).
 */
const CATALOGUES = /[\\/]app[\\/]domain[\\/]i18n[\\/](english|french|messages\.(en|fr))\.ts$/
/** Core Web Vitals' measuring code: its own chunk, loaded after the page (ADR 096). */
const VITALS = /web-vitals/

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // A first visit asks for a handful of scripts, not one per icon or tiny module (ADR 086):
    // the framework every page loads (React, React DOM, React Router), the public shell (the
    // chrome, the shared UI and domain code, the icons' runtime), the icons grouped by the
    // pages that use them, then each page's own module. Admin code stays out of the groups.
    rolldownOptions: {
      output: {
        // An icons chunk is named by the pages that share it (a hundred characters and more),
        // and every chunk that imports it repeats that name: a short name instead (ADR 113).
        chunkFileNames: (chunk) =>
          `assets/${chunk.name.replace(/^(admin-icons|icons)~.*/, '$1')}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: FRAMEWORK,
              priority: 30,
            },
            {
              name: 'shell',
              test: (id: string) =>
                FOOTER_ICONS.has(ICON.exec(id)?.[1] ?? '') ||
                (SHELL.test(id) &&
                  !ADMIN.test(id) &&
                  !CATALOGUES.test(id) &&
                  !VITALS.test(id) &&
                  !NOT_SHELL.test(id)),
              priority: 20,
            },
            {
              // The blog's cards and newsletter form, with its texts: one file (ADR 105).
              name: 'blog',
              test: /[\\/]app[\\/](ui[\\/]public[\\/](blog-card|newsletter-form)\.tsx|domain[\\/]newsletter-texts\.ts)$/,
              priority: 17,
            },
            {
              // The form helpers and the contact form's schema: one file, not two.
              name: 'forms',
              test: /[\\/]app[\\/]domain[\\/](common|contact)\.ts$/,
              priority: 15,
            },
            {
              // The public pages' icons, grouped by the set of pages that use them (small
              // groups merged): a public page never loads the admin hub's icons (ADR 105).
              name: 'icons',
              test: (id: string) => PUBLIC_ICONS.has(ICON.exec(id)?.[1] ?? ''),
              entriesAware: true,
              entriesAwareMergeThreshold: 2048,
              priority: 11,
            },
            {
              name: 'admin-icons',
              test: ICON,
              entriesAware: true,
              entriesAwareMergeThreshold: 16384,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // Bundled into the server build so only the icons and primitives in use are loaded:
  // as external packages they cost ~50 MB of memory and ~1 s of start-up (ADR 027).
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  server: { port: 5173 },
})
