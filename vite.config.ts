import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  // Bundled into the server build so only the icons and primitives in use are loaded:
  // as external packages they cost ~50 MB of memory and ~1 s of start-up (ADR 027).
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  server: { port: 5173 },
})
