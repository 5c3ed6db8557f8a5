import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema, lenientListSchema } from './common.js';

describe('idSchema', () => {
  it('accepts positive integers and strings of digits', () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse('42')).toBe(42);
  });

  it('refuses everything else instead of coercing it', () => {
    for (const value of [true, [7], '0x10', '1e1', ' 7', '7.5', 0, -3, 1.5, null, '', 'abc']) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses ids beyond the 32-bit columns', () => {
    const result = idSchema.safeParse('99999999999');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Id is too large');
  });
});

describe('lenientListSchema', () => {
  const list = lenientListSchema(z.object({ id: z.number(), kind: z.enum(['a', 'b']) }));

  it('keeps the items that match and leaves out the others', () => {
    expect(
      list.parse([{ id: 1, kind: 'a' }, { id: 2, kind: 'new' }, 'junk', { id: 3, kind: 'b' }]),
    ).toEqual([
      { id: 1, kind: 'a' },
      { id: 3, kind: 'b' },
    ]);
  });

  it('still refuses a body that is not a list', () => {
    expect(list.safeParse({ id: 1 }).success).toBe(false);
  });
});
