/**
 * The arithmetic of the cost split and the UPI payment link: pure functions, in whole paise
 * (₹1 = 100 paise) so no rupee is lost to floating point.
 */
import QRCode from 'qrcode';

/** A cost divided among a game's people (its joined players and its host). */
export interface CostSplit {
  /** The joined players plus the host, who plays too. */
  people: number;
  /** What each one owes, in paise. */
  share: number;
  /** What all of them pay together, in paise. */
  total: number;
  /** What the rounding down leaves of a total, in paise (the host settles it). */
  remainder: number;
}

/**
 * Divides a cost among `players` joined players and the host: a `total` is split in equal
 * shares rounded down to the paisa, the remainder kept apart (₹1,500 among 7 people: ₹214.28
 * each, ₹0.04 over); an amount `per_head` is each one's share.
 */
export function splitCost(
  kind: 'total' | 'per_head',
  amountPaise: number,
  players: number,
): CostSplit {
  const people = players + 1;
  if (kind === 'per_head')
    return { people, share: amountPaise, total: amountPaise * people, remainder: 0 };
  const share = Math.floor(amountPaise / people);
  return { people, share, total: amountPaise, remainder: amountPaise - share * people };
}

/** Paise as rupees with exactly two decimals ('214.28', '1500.00'), with no floating point. */
export function rupeesWithTwoDecimals(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * Percent-encodes one value of the link (RFC 3986, spaces as %20 as UPI apps expect, not '+');
 * '@' stays as it is, being allowed in a query and what every UPI app reads in `pa`.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replaceAll('%40', '@');
}

/**
 * The UPI intent link to pay `amountPaise` to `upiId` (payee name `name`) for game `game`:
 * `upi://pay?pa=<upi id>&pn=<name>&am=<amount, 2 decimals>&cu=INR&tn=<game>`, each value
 * URL-encoded (NPCI UPI linking specification).
 */
export function upiPayLink({
  upiId,
  name,
  amountPaise,
  game,
}: {
  upiId: string;
  name: string;
  amountPaise: number;
  game: string;
}): string {
  return (
    `upi://pay?pa=${encodeValue(upiId)}&pn=${encodeValue(name)}` +
    `&am=${rupeesWithTwoDecimals(amountPaise)}&cu=INR&tn=${encodeValue(game)}`
  );
}

/** `link` as a QR code: a PNG data URL (`data:image/png;base64,…`), 240 px square. */
export function qrPngDataUrl(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
