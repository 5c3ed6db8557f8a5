/** Recognises database errors that are the caller's fault, on both dialects. */

/**
 * The code a database driver put on `error` (PostgreSQL's SQLSTATE such as '23505', SQLite's
 * result code such as 'SQLITE_BUSY'), or undefined for an error without one.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for a unique-constraint violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
