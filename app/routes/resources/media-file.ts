// GET /media/:key: a file of the public media library (issue 10, ADR 017).
import type { Route } from './+types/media-file'
import { serveStored } from '#app/server/media/serve.server.ts'
import { libraryStorage } from '#app/server/media/uploads.server.ts'

export function loader({ request, params }: Route.LoaderArgs) {
  return serveStored(request, libraryStorage(), params.key, { immutable: true })
}
