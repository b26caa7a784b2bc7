// Vitest global setup of `npm run test:postgres`: one PostgreSQL server for the run, a
// migrated template, and VITRINE_TEST_POSTGRES (the admin URL) for the workers, which
// tests/fixtures/db.ts reads to give every test its own database (ADR 028).
import { createTemplate, startPostgres } from './postgres.ts'

export default async function setup() {
  const server = await startPostgres()
  await createTemplate(server)
  process.env.VITRINE_TEST_POSTGRES = server.url('postgres')
  return () => server.stop()
}
