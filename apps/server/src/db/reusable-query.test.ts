import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './index.js';
import { reusableQuery } from './reusable-query.js';

describe('a query built once', () => {
  const { db, destroy } = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
  afterAll(() => destroy());

  it('answers each call with its own values', async () => {
    const sum = reusableQuery(['a', 'b'], (qb, v: { a: number; b: number }) =>
      qb.selectNoFrom(sql<number>`${v.a} * 10 + ${v.b}`.as('n')),
    );
    expect(await sum(db, { a: 1, b: 2 })).toEqual([{ n: 12 }]);
    expect(await sum(db, { a: 3, b: 4 })).toEqual([{ n: 34 }]);
  });

  it('refuses a query that inlines a value or binds one it was not given', async () => {
    const inlined = reusableQuery(['name'], (qb, v: { name: string }) =>
      qb.selectNoFrom(sql.lit(v.name).as('n')),
    );
    await expect(inlined(db, { name: 'ann' })).rejects.toThrow(/inlined/);
    const computed = reusableQuery(['name'], (qb, v: { name: string }) =>
      qb.selectNoFrom(sql<string>`${v.name.slice(1)}`.as('n')),
    );
    await expect(computed(db, { name: 'ann' })).rejects.toThrow(/not one of/);
  });
});

describe('a query built once, on PostgreSQL', () => {
  const url = process.env.TEST_PG_URL;
  it.runIf(process.env.TEST_DIALECT === 'postgres' && url)(
    'runs again after a migration elsewhere changed what its prepared plan returns',
    async () => {
      const { db, destroy } = openDatabase({ dialect: 'postgres', connectionString: url! });
      const table = `reusable_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
      try {
        await sql`create table ${sql.table(table)} (a integer)`.execute(db);
        await sql`insert into ${sql.table(table)} (a) values (7)`.execute(db);
        const read = reusableQuery(['min'], (qb, v: { min: number }) => ({
          compile: () =>
            sql<{
              a: unknown;
            }>`select a from ${sql.table(table)} where length(a::text) >= ${v.min}`.compile(qb),
        }));
        expect(await read(db, { min: 1 })).toEqual([{ a: 7 }]);
        // What a newer process's migration might do while this one holds the prepared plan.
        await sql`alter table ${sql.table(table)} alter column a type text`.execute(db);
        expect(await read(db, { min: 1 })).toEqual([{ a: '7' }]);
      } finally {
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
        await destroy();
      }
    },
  );
});
