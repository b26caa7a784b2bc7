import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    // The framework every page loads (React, React DOM, React Router) in one file instead of
    // seven: fewer requests before the first paint on a phone (ADR 032).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
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
