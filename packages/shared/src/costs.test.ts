import { describe, expect, it } from 'vitest';
import { formatRupees } from './format.js';
import { upiIdSchema } from './schemas/costs.js';

describe('formatRupees (the cost split, en-IN)', () => {
  it('shows paise only when there are any, with Indian digit grouping', () => {
    expect(formatRupees(21_428)).toBe('₹214.28');
    expect(formatRupees(18_750)).toBe('₹187.50');
    expect(formatRupees(4)).toBe('₹0.04');
    expect(formatRupees(150_000)).toBe('₹1,500');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000');
  });
});

describe('upiIdSchema (name@bank)', () => {
  it('takes UPI IDs as banks issue them, trimmed', () => {
    for (const id of ['ravi@okaxis', 'ravi.kumar-1@okicici', '9876543210@ybl', 'a_b@paytm'])
      expect(upiIdSchema.parse(` ${id} `)).toBe(id);
  });

  it('refuses anything not shaped name@bank', () => {
    for (const id of [
      'ravi',
      'ravi@',
      '@okaxis',
      'r@okaxis',
      'ravi@ok axis',
      'ravi@1bank',
      'a@b@c',
    ])
      expect(upiIdSchema.safeParse(id).success, id).toBe(false);
  });
});
