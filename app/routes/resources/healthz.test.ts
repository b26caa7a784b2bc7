// /healthz for a load balancer (README, section Production): 200 while the database answers,
// 503 with a plain JSON body, never cached, once it does not.
import { describe, expect, test } from 'vitest'
import { setDatabase } from '#app/server/db/client.server.ts'
import { createTestDatabase } from '../../../tests/fixtures/db.ts'
import { loader } from './healthz.ts'

describe('/healthz', () => {
  test('answers 200 while the database answers, 503 once it is gone', async () => {
    const handle = await createTestDatabase()
    setDatabase(handle)
    try {
      const up = await loader()
      expect(up.status).toBe(200)
      expect(up.headers.get('Cache-Control')).toBe('no-store')
      expect(await up.json()).toEqual({ status: 'ok' })

      await handle.close()
      const down = await loader()
      expect(down.status).toBe(503)
      expect(down.headers.get('Cache-Control')).toBe('no-store')
      expect(await down.json()).toEqual({ status: 'error' })
    } finally {
      setDatabase(undefined)
      await handle.close()
    }
  })
})
