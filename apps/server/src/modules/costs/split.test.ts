/**
 * The cost split's arithmetic and the UPI payment link: shares in whole paise with the remainder
 * kept, the link's exact text, and its QR code decoded back (jsQR on the PNG's pixels) to exactly
 * the link.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPngDataUrl, rupeesWithTwoDecimals, splitCost, upiPayLink } from './split.js';

/** The text of the QR code in a PNG data URL, read from its pixels. */
async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('splitCost', () => {
  it('₹1,500 between the host and 6 players: ₹214.28 each, ₹0.04 left over', () => {
    expect(splitCost('total', 150_000, 6)).toEqual({
      people: 7,
      share: 21_428,
      total: 150_000,
      remainder: 4,
    });
  });

  it('a total never loses a paisa: shares and remainder add up to it', () => {
    for (const amount of [100, 999, 150_000, 10_000_000])
      for (let players = 0; players <= 30; players += 1) {
        const { share, people, remainder } = splitCost('total', amount, players);
        expect(share * people + remainder).toBe(amount);
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(remainder).toBeLessThan(people);
      }
  });

  it('an amount per head is each one’s share, the host included', () => {
    expect(splitCost('per_head', 20_000, 5)).toEqual({
      people: 6,
      share: 20_000,
      total: 120_000,
      remainder: 0,
    });
  });
});

describe('upiPayLink', () => {
  it('builds the intent link with the amount to two decimals and every value URL-encoded', () => {
    expect(
      upiPayLink({
        upiId: 'ravi.kumar@okaxis',
        name: 'Ravi & Co',
        amountPaise: 21_428,
        game: 'Sunday 5-a-side #2',
      }),
    ).toBe(
      'upi://pay?pa=ravi.kumar@okaxis&pn=Ravi%20%26%20Co&am=214.28&cu=INR&tn=Sunday%205-a-side%20%232',
    );
  });

  it('writes whole rupees and single paise with two decimals', () => {
    expect(rupeesWithTwoDecimals(150_000)).toBe('1500.00');
    expect(rupeesWithTwoDecimals(4)).toBe('0.04');
    expect(rupeesWithTwoDecimals(18_750)).toBe('187.50');
  });

  it('its QR code decodes to exactly the link', async () => {
    const link = upiPayLink({
      upiId: 'host_1@ybl',
      name: 'host1',
      amountPaise: 18_750,
      game: 'Turf 7:00 pm — Koramangala',
    });
    expect(await decodeQr(await qrPngDataUrl(link))).toBe(link);
  });
});
