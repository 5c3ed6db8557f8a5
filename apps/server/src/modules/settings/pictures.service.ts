/**
 * Profile pictures and covers (spec part 2 §5, §8; issue 4): checked by their content (PNG,
 * JPEG, WebP or GIF; SVG and anything else refused), re-encoded to WebP with metadata stripped
 * and the orientation applied, stored through the storage module.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/types.js';
import { AppError, badRequest } from '../../lib/errors.js';
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
/** Refuse decompression bombs: at most ~40 megapixels decoded. */
const MAX_PIXELS = 40_000_000;

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

export function createPicturesService({ db, storage }: { db: Kysely<DB>; storage: Storage }) {
  return {
    /**
     * Stores the member's new avatar or cover and answers its URL; the old file is removed.
     * @throws AppError 400 not an accepted image, 413 too large.
     */
    async upload(
      userId: number,
      kind: PictureKind,
      data: Buffer,
    ): Promise<{ profile_picture_url: string } | { cover_photo_url: string }> {
      if (data.length > PICTURE_LIMITS[kind].bytes) throw tooLarge(kind);
      if (data.length === 0)
        throw badRequest(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
      const encoded = await reencode(kind, data);
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
