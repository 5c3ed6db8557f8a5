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
