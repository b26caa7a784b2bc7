// Server environment shared by the auth specs that need a server of their own (ADMIN_EMAIL,
// a database where no admin exists yet): one value, so Playwright can reuse that worker.
export const OWN_SERVER_ENV = { ADMIN_EMAIL: 'proprietaire@exemple.fr' } as const
