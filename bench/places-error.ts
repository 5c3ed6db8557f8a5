/**
 * How far off the offline gazetteer's post-office localities lie: each post office that names a
 * curated neighbourhood (apps/server/src/modules/places/india-places.ts) within 50 km of it,
 * measured against the neighbourhood's true point, and the distribution of those errors. The
 * gazetteer drops every post office on a point measured farther off than `FAR_OFF_M`.
 *
 *   node --import tsx bench/places-error.ts
 */
import {
  FAR_OFF_M,
  farOffPoints,
  measurePostalError,
  pointKey,
  postOffices,
} from '../apps/server/src/modules/places/post-offices.js';
import { NEIGHBOURHOODS } from '../apps/server/src/modules/places/india-places.js';

const offices = postOffices();
const errors = measurePostalError(offices, NEIGHBOURHOODS);
const km = (metres: number) => (metres / 1000).toFixed(1);
for (const e of errors)
  console.log(
    `${km(e.metres).padStart(5)} km  ${e.postOffice} (for ${e.neighbourhood}) at ${e.point[1]}, ${e.point[0]}`,
  );
const sorted = errors.map((e) => e.metres);
const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
console.log(
  `\n${errors.length} post offices measured: median ${km(quantile(0.5))} km, ` +
    `p25 ${km(quantile(0.25))} km, p75 ${km(quantile(0.75))} km, max ${km(sorted.at(-1) ?? 0)} km`,
);
for (const bound of [1000, 2000, 3000, 5000, 10_000, 25_000])
  console.log(`  within ${km(bound)} km: ${sorted.filter((m) => m <= bound).length}`);
const far = farOffPoints(errors);
const dropped = offices.filter((o) => far.has(pointKey(o.lng, o.lat))).length;
console.log(
  `cut-off ${km(FAR_OFF_M)} km: ${far.size} points known far off, carrying ${dropped} of ${offices.length} post offices (dropped)`,
);
