/**
 * The picture of a shared game link (`og:image`): a 1200×630 card made for the game — sport,
 * heading, time in India, the place as a signed-out visitor may learn it, players needed — built
 * as SVG and rasterised to PNG by sharp (libvips + librsvg).
 *
 * The text is drawn as paths from the Noto Sans files bundled in `apps/server/assets/fonts`
 * (fontkit shapes it, Devanagari included), so librsvg never looks for a font: a bare machine
 * has none, and librsvg text without fontconfig fonts draws nothing or crashes the process.
 * Each line's words stay in the SVG source as its `aria-label`, so what a card says can be read
 * (and tested) before rasterising.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import escapeHtml from 'escape-html';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { isEsport, type Post } from '@gameon/shared';
import { cardTime } from './share-page.js';

/** The card's size in pixels: the 1.91:1 OpenGraph and WhatsApp preview size. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card says: the words of each part, all of them public (no hidden place). */
export interface CardFacts {
  sport: string;
  heading: string;
  /** "Sat, 28 Nov, 7:00 pm", India's time. */
  when: string;
  /** The area a visitor is told ("Bengaluru"), "Online" for an online game, '' when hidden. */
  place: string;
  playersNeeded: number;
}

/**
 * The facts of the card of `post` as a signed-out visitor sees it (`PostsService.getPublic`:
 * `location_name` already cut to its area, '' when the host hides their place), so a card never
 * says more than the share page.
 */
export function cardFacts(
  post: Pick<Post, 'sport' | 'heading' | 'event_time' | 'location_name' | 'players_needed'>,
): CardFacts {
  return {
    sport: post.sport,
    heading: post.heading,
    when: cardTime(post.event_time),
    place: isEsport(post.sport) ? 'Online' : post.location_name,
    playersNeeded: post.players_needed,
  };
}

type Weight = 400 | 700;
type Font = fontkit.Font;

const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/noto-sans/', import.meta.url));
/** Looked up in this order for each character: Latin first, Devanagari for Hindi and Marathi. */
const SUBSETS = ['latin', 'latin-ext', 'devanagari'] as const;

let loaded: Record<Weight, Font[]> | null = null;

/** The bundled fonts of each weight, read once. */
function fonts(): Record<Weight, Font[]> {
  const load = (weight: Weight) =>
    SUBSETS.map((subset) => {
      const file = `${FONT_DIR}noto-sans-${subset}-${weight}-normal.woff2`;
      return fontkit.create(fs.readFileSync(file)) as Font;
    });
  loaded ??= { 400: load(400), 700: load(700) };
  return loaded;
}

/** Pieces of `text` each drawn by one font; characters no bundled font has (emoji) are left out. */
function runs(text: string, set: Font[]): { font: Font; text: string }[] {
  const out: { font: Font; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const last = out.at(-1);
    // A combining mark (a Devanagari vowel sign) stays with its letter.
    if (last && /\p{M}/u.test(char) && last.font.hasGlyphForCodePoint(code)) {
      last.text += char;
      continue;
    }
    const font = set.find((candidate) => candidate.hasGlyphForCodePoint(code));
    if (!font) continue;
    if (last?.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

/** `text` at `size` px: its width and, with `x` and `baseline`, its outline as SVG path data. */
function shape(text: string, weight: Weight, size: number, x = 0, baseline = 0) {
  let pen = x;
  const d: string[] = [];
  for (const run of runs(text, fonts()[weight])) {
    const scale = size / run.font.unitsPerEm;
    const laid = run.font.layout(run.text);
    laid.glyphs.forEach((glyph, i) => {
      const at = laid.positions[i]!;
      const outline = glyph.path
        .scale(scale, -scale)
        .translate(pen + at.xOffset * scale, baseline - at.yOffset * scale)
        .toSVG();
      if (outline !== '') d.push(outline);
      pen += at.xAdvance * scale;
    });
  }
  return { width: pen - x, d: d.join('') };
}

/** Width of `text` in px at `size`. */
const widthOf = (text: string, weight: Weight, size: number) => shape(text, weight, size).width;

/** `text` cut to fit `max` px with an ellipsis. */
function fitted(text: string, weight: Weight, size: number, max: number): string {
  if (widthOf(text, weight, size) <= max) return text;
  const chars = Array.from(text);
  let end = chars.length;
  while (end > 0 && widthOf(`${chars.slice(0, end).join('').trimEnd()}…`, weight, size) > max)
    end -= 1;
  return `${chars.slice(0, end).join('').trimEnd()}…`;
}

/** `text` in at most `lines` lines of `max` px, word by word, the last cut with an ellipsis. */
function wrapped(text: string, weight: Weight, size: number, max: number, lines: number) {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const out: string[] = [];
  let line = '';
  for (const [i, word] of words.entries()) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line === '' || widthOf(next, weight, size) <= max) {
      line = next;
      continue;
    }
    if (out.length === lines - 1) {
      out.push(fitted(`${line} ${words.slice(i).join(' ')}`, weight, size, max));
      return out;
    }
    out.push(line);
    line = word;
  }
  if (line !== '') out.push(fitted(line, weight, size, max));
  return out;
}

/** One line of text as a filled path, its words in `aria-label`. */
function textLine(text: string, weight: Weight, size: number, x: number, y: number, fill: string) {
  const { d } = shape(text, weight, size, x, y);
  return `<path role="img" aria-label="${escapeHtml(text)}" fill="${fill}" d="${d}"/>`;
}

// Lucide's clock, map-pin and users icons (ISC licence), as the web app shows them: 24 px boxes.
const ICONS = {
  clock: '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>',
  place:
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>',
  players:
    '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M22 21v-2a4 4 0 0 0-3-3.87"/><path d="M16 3.13a4 4 0 0 1 0 7.75"/>',
};

const MARGIN = 72;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;

/**
 * The card of `facts` as an SVG document, 1200×630: the GameOn mark, the sport, the heading
 * in up to two lines (smaller when it needs them), then the time, the place (left out when
 * '') and the players needed, each with its icon, and the invitation to join.
 */
export function cardSvg(facts: CardFacts): string {
  const parts: string[] = [];
  const online = isEsport(facts.sport);
  const accent = online ? '#c4b5fd' : '#6ee7b7';

  // The mark and the sport, top row.
  parts.push(
    `<rect x="${MARGIN}" y="60" width="52" height="52" rx="14" fill="#ffffff" fill-opacity="0.14"/>`,
    `<path d="M${MARGIN + 17} 73 l22 13 l-22 13 z" fill="${accent}"/>`,
    textLine('GameOn', 700, 34, MARGIN + 68, 98, '#ffffff'),
  );
  const sport = facts.sport.toUpperCase();
  const sportWidth = widthOf(sport, 700, 24) + 44;
  parts.push(
    `<rect x="${CARD_WIDTH - MARGIN - sportWidth}" y="62" width="${sportWidth}" height="48" rx="24" fill="${accent}"/>`,
    textLine(sport, 700, 24, CARD_WIDTH - MARGIN - sportWidth + 22, 95, '#052e2b'),
  );

  // The heading: one line at 68 px, else two at 56 px.
  const single = wrapped(facts.heading, 700, 68, TEXT_WIDTH, 1);
  const oneLine = single.length === 1 && !single[0]!.endsWith('…') ? single : null;
  const size = oneLine ? 68 : 56;
  const heading = oneLine ?? wrapped(facts.heading, 700, size, TEXT_WIDTH, 2);
  const first = oneLine ? 236 : 218;
  const lineHeight = Math.round(size * 1.22);
  heading.forEach((line, i) => {
    parts.push(textLine(line, 700, size, MARGIN, first + i * lineHeight, '#ffffff'));
  });

  // The facts, one row each.
  const rows: [keyof typeof ICONS, string][] = [
    ['clock', facts.when],
    ...(facts.place === '' ? [] : [['place', facts.place] as [keyof typeof ICONS, string]]),
    [
      'players',
      `${facts.playersNeeded} ${facts.playersNeeded === 1 ? 'player' : 'players'} needed`,
    ],
  ];
  // The facts follow the heading's last line.
  const top = first + (heading.length - 1) * lineHeight + (oneLine ? 104 : 76);
  rows.forEach(([icon, text], i) => {
    const y = top + i * 58;
    parts.push(
      `<g transform="translate(${MARGIN} ${y - 30}) scale(1.5)" fill="none" stroke="${accent}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[icon]}</g>`,
      textLine(fitted(text, 400, 34, TEXT_WIDTH - 56), 400, 34, MARGIN + 56, y, '#ecfdf5'),
    );
  });

  // The invitation, bottom right.
  const join = 'Join the game on GameOn';
  const joinWidth = widthOf(join, 700, 26) + 56;
  parts.push(
    `<rect x="${CARD_WIDTH - MARGIN - joinWidth}" y="${CARD_HEIGHT - 112}" width="${joinWidth}" height="60" rx="30" fill="#ffffff"/>`,
    textLine(
      join,
      700,
      26,
      CARD_WIDTH - MARGIN - joinWidth + 28,
      CARD_HEIGHT - 73,
      online ? '#4c1d95' : '#065f46',
    ),
  );

  const [from, to] = online ? ['#2e1065', '#5b21b6'] : ['#022c22', '#047857'];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<title>${escapeHtml(`${facts.sport} · ${facts.heading}`)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="${CARD_WIDTH - 40}" cy="${CARD_HEIGHT + 60}" r="330" fill="#ffffff" fill-opacity="0.06"/>`,
    `<circle cx="${CARD_WIDTH - 40}" cy="${CARD_HEIGHT + 60}" r="230" fill="#ffffff" fill-opacity="0.05"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}

/**
 * `svg` (a card from {@link cardSvg}) as a PNG, 1200×630, in full colour (a palette bands the
 * background's gradient into blotches): about 60-100 KB.
 */
export function cardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
