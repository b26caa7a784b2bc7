// POST /api/transfer/import?name=<file name>: the body is the file to import (ADR 066), admins
// only (checked before any byte is read). Answers JSON: { report } or { error } in French.
import { IMPORT_MAX_MB, TRANSFER_TEXTS } from '#app/domain/transfer.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { log } from '#app/server/core/log.server.ts'
import { postOnly, postingAdmin, uploadRefusal } from '#app/server/media/uploads.server.ts'
import type { Route } from './+types/transfer-import'

export const loader = postOnly

export async function action({ request }: Route.ActionArgs) {
  const admin = await postingAdmin(request)
  if (admin instanceof Response) return admin
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > IMPORT_MAX_MB * 1024 * 1024) return uploadRefusal(TRANSFER_TEXTS.tooLarge, 413)
  // The import code (and its parsers) loads on the first import, not at start (ADR 127).
  const [{ ImportRefused }, { importUpload }] = await Promise.all([
    import('#app/server/transfer/pipeline.server.ts'),
    import('#app/server/transfer/upload.server.ts'),
  ])
  try {
    const report = await importUpload(request, { id: admin.id, name: admin.name })
    await recordActivity(request, {
      actor: admin,
      action: 'create',
      resourceType: 'settings',
      resourceName: TRANSFER_TEXTS.title,
      details: `Import ${report.format}`,
    })
    return Response.json({ report }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof ImportRefused) return uploadRefusal(error.message, 400)
    log.error('Import failed', { error: error instanceof Error ? error.stack : String(error) })
    return uploadRefusal(TRANSFER_TEXTS.failed, 500)
  }
}
