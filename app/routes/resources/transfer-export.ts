// GET /api/transfer/export: the whole site as one .zip, streamed (ADR 066). Admins only.
import { Readable } from 'node:stream'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { uploadingAdmin } from '#app/server/media/uploads.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import { withStorage } from '#app/server/media/storage-availability.server.ts'
import type { Route } from './+types/transfer-export'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await uploadingAdmin(request)
  if (!admin)
    return new Response('Accès réservé aux administrateurs.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  // Storage down: a French 503 with Retry-After, not a 500 (ADR 084).
  return withStorage(request, async () => {
    // The export code (zip and YAML writers) loads on the first export, not at start (ADR 127).
    const { exportFileName, exportZip } = await import('#app/server/transfer/export.server.ts')
    const { stream } = await exportZip()
    return exportResponse(request, admin, stream, exportFileName())
  })
}

async function exportResponse(
  request: Request,
  admin: { id: string; name: string; email: string },
  stream: Readable,
  fileName: string,
): Promise<Response> {
  await recordActivity(request, {
    actor: admin,
    action: 'download',
    resourceType: 'settings',
    resourceName: 'Export du site',
    details: 'Export complet (.zip)',
  })
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  })
}

export const action = methodNotAllowed
