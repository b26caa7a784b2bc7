// GET /media/:key: a file of the public media library (ADR 017).
import { methodNotAllowed } from '#app/server/method-not-allowed.server.ts'
import type { Route } from './+types/media-file'
import { serveStored } from '#app/server/media/serve.server.ts'
import { libraryStorage } from '#app/server/media/uploads.server.ts'

export function loader({ request, params }: Route.LoaderArgs) {
  return serveStored(request, libraryStorage(), params.key, { immutable: true })
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
