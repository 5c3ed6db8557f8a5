import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. Server integration tests run on a real SQLite file;
 * when TEST_PG_URL points at a PostgreSQL server (as .ci/run arranges), the same suite runs
 * again on PostgreSQL.
 */
const server = (name: string, dialect: string) => ({
  test: {
    name,
    root: 'apps/server',
    environment: 'node' as const,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DIALECT: dialect },
  },
});

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      server('server-sqlite', 'sqlite'),
      ...(process.env.TEST_PG_URL ? [server('server-postgres', 'postgres')] : []),
    ],
  },
});
