import { isRouteErrorResponse } from 'react-router'
import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  enforceMaintenance,
  isAlwaysOpenPath,
  isMaintenanceErrorData,
  MAINTENANCE_RETRY_AFTER_SECONDS,
} from './maintenance.server.ts'
import { updateSettings } from '../repositories/settings.server.ts'

useTestDatabase()

const BASE = { siteName: 'Vitrine', siteDescription: 'Description', 'contact.email': 'a@b.fr' }

/** The thrown value of `enforceMaintenance`, or undefined when it let the request through. */
async function thrownBy(url: string): Promise<unknown> {
  try {
    await enforceMaintenance(new Request(url))
    return undefined
  } catch (error) {
    return error
  }
}

describe('enforceMaintenance', () => {
  test('lets everyone through while the mode is off (and before any save)', async () => {
    expect(await thrownBy('http://localhost/')).toBeUndefined()
    await updateSettings({ ...BASE, maintenanceMode: false, maintenanceMessage: 'x' })
    expect(await thrownBy('http://localhost/projects')).toBeUndefined()
  })

  test('answers visitors with 503, Retry-After and the French message', async () => {
    await updateSettings({
      ...BASE,
      maintenanceMode: 'on',
      maintenanceMessage: 'De retour à midi.',
    })
    const error = await thrownBy('http://localhost/blog')
    expect(error).toBeDefined()
    // react-router's data() with a status: an error response for the boundary.
    const thrown = error as { init?: ResponseInit; data?: unknown }
    expect(thrown.init?.status).toBe(503)
    expect(new Headers(thrown.init?.headers).get('Retry-After')).toBe(
      String(MAINTENANCE_RETRY_AFTER_SECONDS),
    )
    expect(new Headers(thrown.init?.headers).get('Cache-Control')).toBe('no-store')
    expect(isMaintenanceErrorData(thrown.data)).toBe(true)
    expect(thrown.data).toMatchObject({ message: 'De retour à midi.', siteName: 'Vitrine' })
    expect(isRouteErrorResponse(error)).toBe(false)
  })

  test('falls back to a French message when none is set', async () => {
    await updateSettings({ ...BASE, maintenanceMode: true, maintenanceMessage: '' })
    const thrown = (await thrownBy('http://localhost/')) as { data?: { message?: string } }
    expect(thrown.data?.message).toMatch(/maintenance/)
  })

  test('never blocks sign-in, sign-up and the admin hub', async () => {
    await updateSettings({ ...BASE, maintenanceMode: true })
    for (const path of ['/login', '/register', '/admin', '/admin/settings', '/api/auth/session'])
      expect(await thrownBy(`http://localhost${path}`), path).toBeUndefined()
    expect(isAlwaysOpenPath('/administration')).toBe(false)
    expect(isAlwaysOpenPath('/login-old')).toBe(false)
  })
})
