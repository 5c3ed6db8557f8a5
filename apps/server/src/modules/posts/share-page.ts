/**
 * Shareable game links: the area a signed-out visitor is told of a game, and the
 * OpenGraph and Twitter tags the server writes into the web app's `index.html` for `/posts/{id}`,
 * so a link pasted into WhatsApp shows a card (link crawlers run no JavaScript). Pure functions.
 */
import escapeHtml from 'escape-html';
import { formatGameTime } from '@gameon/shared';
import type { Post } from '@gameon/shared';

/**
 * The path of game `id`'s share card (share-card.routes.ts), a 1200×630 PNG; `version` in the
 * query, so a crawler that keeps images by address fetches the card again after a change.
 */
export function shareCardPath(id: number, version: number): string {
  return `/api/posts/${id}/card.png?v=${version}`;
}

/** The time zone of the time in a card: GameOn's players are in India. */
const CARD_TIME_ZONE = 'Asia/Kolkata';

/**
 * India's states and union territories, with the older or longer names addresses still carry,
 * normalised as {@link normalisedPart} does: the part of an address that is one of these is a
 * state, not a city.
 */
const INDIAN_STATES = new Set(
  [
    'Andhra Pradesh',
    'Arunachal Pradesh',
    'Assam',
    'Bihar',
    'Chhattisgarh',
    'Goa',
    'Gujarat',
    'Haryana',
    'Himachal Pradesh',
    'Jharkhand',
    'Karnataka',
    'Kerala',
    'Madhya Pradesh',
    'Maharashtra',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Odisha',
    'Orissa',
    'Punjab',
    'Rajasthan',
    'Sikkim',
    'Tamil Nadu',
    'Telangana',
    'Tripura',
    'Uttar Pradesh',
    'Uttarakhand',
    'Uttaranchal',
    'West Bengal',
    'Andaman and Nicobar Islands',
    'Chandigarh',
    'Dadra and Nagar Haveli and Daman and Diu',
    'Dadra and Nagar Haveli',
    'Daman and Diu',
    'Delhi',
    'NCT of Delhi',
    'National Capital Territory of Delhi',
    'Jammu and Kashmir',
    'Ladakh',
    'Lakshadweep',
    'Puducherry',
    'Pondicherry',
  ].map((name) => normalisedPart(name)),
);

/** An address part compared case-insensitively, "&" read as "and", spaces collapsed. */
function normalisedPart(part: string): string {
  return part.toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();
}

/**
 * The area of a game's place a visitor is told (the city or locality only, never the venue):
 * the city of a `location_name` such as "Venue, Street, Locality, City, State, India" or
 * "Venue, City, India" — the last comma-separated part that is neither the country nor a state
 * (else the state), never the first part when more follow (the place's own name: a venue, a
 * house, "Sharma Residence"), skipping parts with digits (house numbers, PIN codes). A name of
 * one part is its own area. Null when nothing is left.
 */
export function areaOf(locationName: string): string | null {
  const named = locationName
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const parts = (named.length > 1 ? named.slice(1) : named).filter((part) => !/\d/.test(part));
  if (parts.length > 1 && normalisedPart(parts.at(-1)!) === 'india') parts.pop();
  return parts.findLast((part) => !INDIAN_STATES.has(normalisedPart(part))) ?? parts.at(-1) ?? null;
}

/** "Sat, 29 Nov, 7:00 pm": a game's `event_time` (ISO, UTC) in India's time. */
export function cardTime(eventTime: string): string {
  return formatGameTime(eventTime, { timeZone: CARD_TIME_ZONE });
}

/**
 * The `<head>` tags of a game's link preview: title "Sport · heading", description
 * "time in India · area" (no area when `post.location_name` is empty: the visitor view of a
 * host who hides their location), `og:url` the game page and `og:image` the game's own card at
 * its `version` ({@link shareCardPath}), both absolute from `publicUrl` (PUBLIC_URL, no trailing
 * slash). Every value is HTML-escaped: the heading is the host's words.
 */
export function previewTags(
  post: Pick<Post, 'id' | 'sport' | 'heading' | 'event_time' | 'location_name'>,
  version: number,
  publicUrl: string,
): string {
  const title = `${post.sport} · ${post.heading}`;
  const description = [cardTime(post.event_time), post.location_name]
    .filter((part) => part !== '')
    .join(' · ');
  const image = `${publicUrl}${shareCardPath(post.id, version)}`;
  const meta: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'GameOn'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}/posts/${post.id}`],
    ['property', 'og:image', image],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(`${title} | GameOn`)}</title>`,
    ...meta.map(
      ([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`,
    ),
  ].join('\n    ');
}

/**
 * `template` (the built `index.html`) with its `<title>` replaced by `tags` (which carry their
 * own title); the template unchanged when it has no `<title>`.
 */
export function withPreview(template: string, tags: string): string {
  // A function replacement: `$&` and the like in a heading stay literal.
  return template.replace(/<title>[\s\S]*?<\/title>/, () => tags);
}
