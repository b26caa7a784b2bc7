import type { Dialect, Driver } from 'kysely'

/**
 * `dialect` with its driver wrapped by `wrap`, everything else its own. The SQLite and
 * PostgreSQL dialects are layered this way: transactions, content writes, availability.
 */
export function wrapDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => wrap(dialect.createDriver()),
  }
}
