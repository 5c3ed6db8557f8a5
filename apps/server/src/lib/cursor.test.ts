import { describe, expect, it } from 'vitest';
import {
  decodeBeforeIdCursor,
  decodeDistanceKeysetCursor,
  decodeKeysetCursor,
  decodeOffsetCursor,
  encodeBeforeIdCursor,
  encodeDistanceKeysetCursor,
  encodeKeysetCursor,
  encodeOffsetCursor,
} from './cursor.js';

describe('cursor codec', () => {
  it('reads back every cursor it writes', () => {
    expect(decodeOffsetCursor(encodeOffsetCursor(40, 20))).toBe(60);
    expect(decodeBeforeIdCursor(encodeBeforeIdCursor(1234))).toBe(1234);
    const keyset = { time: '2026-11-21T05:00:00.000Z', id: 7 };
    expect(decodeKeysetCursor(encodeKeysetCursor(keyset))).toEqual(keyset);
    const nearest = { distance: 30012, ...keyset };
    expect(decodeDistanceKeysetCursor(encodeDistanceKeysetCursor(nearest))).toEqual(nearest);
  });

  it('starts at the first page without a cursor', () => {
    expect(decodeOffsetCursor(undefined)).toBe(0);
    expect(decodeBeforeIdCursor(undefined)).toBeUndefined();
  });

  it.each([
    ['offset', () => decodeOffsetCursor('-5')],
    ['offset beyond 100,000', () => decodeOffsetCursor('100001')],
    ['before-id 1e300', () => decodeBeforeIdCursor('1e300')],
    ['before-id abc', () => decodeBeforeIdCursor('abc')],
    ['keyset garbage', () => decodeKeysetCursor('%%%garbage')],
    [
      'keyset without an id',
      () => decodeKeysetCursor(Buffer.from('2026-11-21').toString('base64url')),
    ],
    [
      'soonest keyset given as a nearest one',
      () =>
        decodeDistanceKeysetCursor(encodeKeysetCursor({ time: '2026-11-21T05:00:00.000Z', id: 7 })),
    ],
  ])('refuses a forged %s cursor with 400 on the cursor field', (_name, decode) => {
    expect(decode).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'Invalid cursor',
        errors: [{ field: 'cursor', message: 'Invalid cursor' }],
      }),
    );
  });
});
