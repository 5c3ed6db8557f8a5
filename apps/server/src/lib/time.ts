/** Time helpers. All timestamps stored and sent are UTC ISO-8601 strings. */

/** Now as `2026-11-21T05:00:00.000Z`. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** `date` plus `seconds`, as ISO text. */
export function addSeconds(date: Date, seconds: number): string {
  return new Date(date.getTime() + seconds * 1000).toISOString();
}

/** Normalises any ISO-8601 instant (with offset) to UTC ISO text; throws on invalid input. */
export function toUtcIso(input: string): string {
  const date = new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${input}`);
  return date.toISOString();
}
