/**
 * Profile pictures and covers (spec part 2 §5, §8): checked by their content (PNG,
 * JPEG, WebP or GIF; SVG and anything else refused), re-encoded to WebP with metadata stripped
 * and the orientation applied, stored through the storage module.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { DB } from '../../db/types.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { nowIso } from '../../lib/time.js';
import type { Storage } from '../../lib/storage.js';
import * as settingsRepo from './settings.repository.js';

export type PictureKind = 'avatar' | 'cover';

/** Size limits in bytes and the spec's messages (spec part 2 §5, §9). */
export const PICTURE_LIMITS: Record<PictureKind, { bytes: number; message: string }> = {
  avatar: { bytes: 5 * 1024 * 1024, message: 'File size too large. Maximum 5MB allowed' },
  cover: { bytes: 10 * 1024 * 1024, message: 'File size too large. Maximum 10MB allowed' },
};

export const NOT_AN_IMAGE = 'Please select an image file';
/** A file of an accepted type whose pixels cannot be decoded (spec part 2 §8). */
export const UNREADABLE_IMAGE = 'Failed to read image file.';
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/**
 * Refuse decompression bombs: at most ~40 megapixels decoded (all frames of an animated GIF
 * together). Decoding that much takes a core for about 0.2-0.4 s.
 */
const MAX_PIXELS = 40_000_000;
/**
 * Pictures re-encoded at once by one process: every core but one, so the event loop keeps a
 * core however many members upload. libvips runs in libuv's thread pool (4 threads), so without
 * this four 40-megapixel decodes at once would take both cores of a small machine and every
 * request would wait behind them (bench/uploads.ts).
 */
const REENCODE_CONCURRENCY = Math.max(1, availableParallelism() - 1);
/** Uploads that may wait for a re-encode before the next is refused (each holds its bytes). */
const REENCODE_QUEUE = 16;
/** The answer to an upload past {@link REENCODE_QUEUE}. */
export const PICTURES_BUSY =
  'Many pictures are being uploaded right now. Please try again in a moment.';

export function tooLarge(kind: PictureKind): AppError {
  return new AppError('file_too_large', 413, PICTURE_LIMITS[kind].message);
}

/**
 * Re-encodes an uploaded picture, or throws AppError 400 'Please select an image file' (not an
 * accepted image) or 'Failed to read image file.' (an accepted type whose pixels do not decode).
 */
async function reencode(kind: PictureKind, input: Buffer): Promise<Buffer> {
  const metadata = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw badRequest(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  }
  const size =
    kind === 'avatar'
      ? { width: 512, height: 512, fit: 'cover' as const }
      : { width: 1600, height: 900, fit: 'inside' as const };
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, animated: metadata.format === 'gif' })
      .rotate()
      .resize({ ...size, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(UNREADABLE_IMAGE, [{ field: 'file', message: UNREADABLE_IMAGE }]);
  }
}

export function createPicturesService({
  db,
  storage,
  limiter,
}: {
  db: Kysely<DB>;
  storage: Storage;
  /** Per-member write limits: pictures. */
  limiter: Pick<RateLimiter, 'write'>;
}) {
  // One libvips thread per picture (sharp's default on glibc; on musl or with jemalloc it is
  // every core), so the concurrency below is the number of cores pictures can take.
  sharp.concurrency(1);
  const reencodes = pLimit(REENCODE_CONCURRENCY);
  return {
    /**
     * Stores the member's new avatar or cover, whose bytes `read` answers, and answers its URL;
     * the old file is removed. The limit is counted before `read`, so an upload past it is
     * never buffered.
     * @throws AppError 400 not an accepted image, 413 too large, 429 past the member's picture
     *   limit, 503 `busy` when {@link REENCODE_QUEUE} uploads already wait for a re-encode; what
     *   `read` throws.
     */
    async upload(
      userId: number,
      kind: PictureKind,
      read: () => Promise<Buffer>,
    ): Promise<{ profile_picture_url: string } | { cover_photo_url: string }> {
      await limiter.write('picture', userId);
      const data = await read();
      if (data.length > PICTURE_LIMITS[kind].bytes) throw tooLarge(kind);
      if (data.length === 0)
        throw badRequest(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
      if (reencodes.pendingCount >= REENCODE_QUEUE) throw new AppError('busy', 503, PICTURES_BUSY);
      const encoded = await reencodes(() => reencode(kind, data));
      const url = await storage.put(
        `${kind}-${userId}-${randomBytes(12).toString('hex')}.webp`,
        encoded,
      );
      if (kind === 'avatar') {
        const before = await db
          .selectFrom('users')
          .select('profile_picture_url')
          .where('id', '=', userId)
          .executeTakeFirst();
        await db
          .updateTable('users')
          .set({ profile_picture_url: url })
          .where('id', '=', userId)
          .execute();
        await storage.remove(before?.profile_picture_url);
        return { profile_picture_url: url };
      }
      const before = await settingsRepo.findSettings(db, userId);
      await settingsRepo.saveSettings(db, userId, { cover_photo_url: url }, nowIso());
      await storage.remove(before.cover_photo_url);
      return { cover_photo_url: url };
    },
  };
}

export type PicturesService = ReturnType<typeof createPicturesService>;
