/** Dialect-aware column helpers for migrations: the one place the dialects differ in DDL. */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** True when `db` talks to PostgreSQL. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds `id`: an identity column on PostgreSQL, `integer primary key autoincrement` on SQLite. */
export function idColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  db: Kysely<unknown>,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (c) =>
    isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
  );
}
