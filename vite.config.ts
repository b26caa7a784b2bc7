import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

/**
 * Code every public page shares (ADR 086): the root and client entry, the chrome, the public
 * components, the shared UI modules at app/ui's top level, the catalogues and the few domain modules the chrome
 * needs, and the icons' runtime. Never a domain schema, an admin module or the English catalogue.
 */
const SHELL =
  /(node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|[\\/]app[\\/](root\.tsx|entry\.client\.tsx|ui[\\/](chrome[\\/]|public[\\/]|[^/\\]+\.tsx?$)|domain[\\/](i18n[\\/]|(http-errors|theme|consent|lazy-intl|date-time|routes|seo|media-file|structured-data)\.ts$)))/
const ADMIN = /admin/i
/** The English catalogue: its own chunk, loaded by English pages only (ADR 089). */
const ENGLISH = /[\\/]app[\\/]domain[\\/]i18n[\\/](english|messages\.en)\.ts$/
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
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            {
              name: 'shell',
              test: (id: string) =>
                SHELL.test(id) && !ADMIN.test(id) && !ENGLISH.test(id) && !VITALS.test(id),
              priority: 20,
            },
            {
              // The form helpers and the contact form's schema: one file, not two.
              name: 'forms',
              test: /[\\/]app[\\/]domain[\\/](common|contact)\.ts$/,
              priority: 15,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
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
