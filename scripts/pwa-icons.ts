/**
 * Writes the installable app's icons (apps/web/public/icons/*.png) from the GameOn mark in
 * apps/web/public/favicon.svg, with sharp: `any` icons at 192 and 512 px (the rounded tile on
 * transparent corners), a maskable one at 512 px (the tile's gradient to the edges, the G well
 * inside the 80 % safe circle a launcher may crop to), Apple's 180 px touch icon (square: iOS rounds
 * it) and a 96 px white-on-transparent badge for the status bar of an Android notification.
 * The PNGs are committed; run again after changing the mark: `node --import tsx scripts/pwa-icons.ts`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const outDir = path.join(publicDir, 'icons');

const favicon = await fs.readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
/** The mark without its rounded corners, for icons a platform masks itself. */
const square = favicon.replace(' rx="16"', '');
if (square === favicon) throw new Error('favicon.svg: the tile has no rx="16" to square off');
/** The G alone, white on transparent (a notification badge is drawn from its alpha only). */
const badge = favicon.replace(/<rect [^>]*\/>/, '').replace(/<defs>.*<\/defs>/, '');

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'maskable-512.png', svg: square, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: square, size: 180 },
  { file: 'badge-96.png', svg: badge, size: 96 },
];

await fs.mkdir(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  // Rendered at the icon's own size (density scales the 64-unit viewBox), never upscaled.
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`${file} ${size}x${size}`);
}
