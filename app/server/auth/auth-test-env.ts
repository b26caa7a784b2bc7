// The environment the auth modules read when they load, for the tests that load them
// (imported by `*.test.ts` only, before the modules it is for). A value already set wins.
import os from 'node:os'
import path from 'node:path'

process.env.BETTER_AUTH_SECRET ??= 'unit-test-secret-unit-test-secret-0123456'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-auth-unit')
process.env.PUBLIC_URL ??= 'http://localhost:3999'
