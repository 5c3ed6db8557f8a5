import { describe, expect, it } from 'vitest';
import { rupeesToPaise } from './api';
import { paymentLine } from './components/GameCostPanel';

describe('rupeesToPaise', () => {
  it('reads rupees with up to two decimals and either grouping', () => {
    expect(rupeesToPaise('1500')).toBe(150_000);
    expect(rupeesToPaise(' ₹1,500 ')).toBe(150_000);
    expect(rupeesToPaise('1,00,000')).toBe(10_000_000);
    expect(rupeesToPaise('214.28')).toBe(21_428);
    expect(rupeesToPaise('187.5')).toBe(18_750);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3', '1.2.3'])
      expect(rupeesToPaise(text)).toBeNull();
  });
});

describe('paymentLine', () => {
  it('shows the paid amount against the share now', () => {
    expect(paymentLine({ paid_paise: null, share_paise: 21_428 })).toBe('Not paid yet');
    expect(paymentLine({ paid_paise: 21_428, share_paise: 21_428 })).toBe('Paid ₹214.28');
    expect(paymentLine({ paid_paise: 21_428, share_paise: 18_750 })).toBe(
      'Paid ₹214.28, share now ₹187.50',
    );
  });
});
