import { describe, expect, it } from 'vitest';
import { badgeText, formatCountdown, parseCommaList, radiusLabel } from './format';

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('parseCommaList', () => {
  it('trims entries and drops empty ones', () => {
    expect(parseCommaList(' Cricket, ,Football ,, ')).toEqual(['Cricket', 'Football']);
  });
});

describe('badgeText', () => {
  it('caps the count at 99+', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('radiusLabel', () => {
  it('writes kilometres, or any distance for -1', () => {
    expect(radiusLabel(25000)).toBe('Within 25 km');
    expect(radiusLabel(-1)).toBe('Any distance');
  });
});
