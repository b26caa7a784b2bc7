// The process tab's own intent beyond the shared collection ones (ADR 064): move a step up
// or down, that is swap it with its neighbour and renumber 1..n, saved in one transaction.
import { PROCESS_REORDER_MESSAGE } from '#app/domain/process.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { formFailure, type Actor, type readAdminForm } from './admin-actions.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { getProcessStep, reorderProcessSteps } from '../repositories/process.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'

/** `ids`: every step's id in the new order; `id`: the step that moved. */
export async function reorderStepsIntent(
  request: Request,
  admin: Actor,
  form: Awaited<ReturnType<typeof readAdminForm>>,
) {
  const ids = form.formData.getAll('ids').filter((id): id is string => typeof id === 'string')
  const moved = await getProcessStep(form.id)
  if (!moved || ids.length === 0) return formFailure({}, {}, PROCESS_REORDER_MESSAGE)
  try {
    await reorderProcessSteps(ids)
  } catch (error) {
    if (error instanceof ValidationError) {
      return formFailure({}, {}, Object.values(error.fieldErrors)[0] ?? PROCESS_REORDER_MESSAGE)
    }
    throw error
  }
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: 'process',
    resourceId: moved.id,
    resourceName: moved.title,
    details: 'Ordre des étapes modifié',
  })
  return redirectWithToast('/admin/process', {
    kind: 'success',
    message: 'Ordre des étapes enregistré',
  })
}
