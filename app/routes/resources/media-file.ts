// GET /media/:key: a file of the public media library (ADR 017). With S3_PUBLIC_URL, a
// permanent redirect to the bucket's public address or CDN instead (ADR 068).
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import type { Route } from './+types/media-file'
import { serveStored } from '#app/server/media/serve.server.ts'
import { publicRedirect } from '#app/server/media/s3-storage.server.ts'
import { libraryStorage } from '#app/server/media/uploads.server.ts'

export function loader({ request, params }: Route.LoaderArgs) {
  const storage = libraryStorage()
  return (
    publicRedirect(storage, params.key) ??
    serveStored(request, storage, params.key, { immutable: true })
  )
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
