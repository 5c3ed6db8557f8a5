/** Rules and formats of the profile's editable fields (spec part 2 §5, §8, §9). */
import { SKILL_LEVELS } from '@gameon/shared';
import type { AvailabilitySlot, Skill } from '@gameon/shared';
import { AVATAR_MAX_BYTES, COVER_MAX_BYTES, IMAGE_TYPES, PHONE_DIGITS } from '@gameon/shared';
import type { ImageKind } from './api';

export const PHONE_INVALID = 'Phone number must be exactly 10 digits';

/** A non-empty phone number needs exactly 10 digits; empty clears it. Null when valid. */
export function validatePhone(digits: string): string | null {
  return digits === '' || digits.length === PHONE_DIGITS ? null : PHONE_INVALID;
}

/** 10 digits as `(xxx) xxx-xxxx` (spec part 2 §5); anything else as it is. */
export function formatPhone(value: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(value);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}

/** Why `file` cannot be the profile picture or cover photo, or null (spec part 2 §5). */
export function imageProblem(file: File, kind: ImageKind): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Please select an image file';
  const max = kind === 'avatar' ? AVATAR_MAX_BYTES : COVER_MAX_BYTES;
  if (file.size > max) return `File size too large. Maximum ${max / (1024 * 1024)}MB allowed`;
  return null;
}

/**
 * Whether the browser can read `file` as a picture before it is sent: answers "Failed to read
 * image file." (spec part 2 §8) when the file cannot be read or decoded, else null.
 */
export async function unreadableImage(file: File): Promise<string | null> {
  try {
    if (typeof createImageBitmap === 'function') (await createImageBitmap(file)).close();
    else await file.slice(0, 16).arrayBuffer();
    return null;
  } catch {
    return 'Failed to read image file.';
  }
}

export const SKILL_LEVEL_LABELS: Record<(typeof SKILL_LEVELS)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};

/** A skill row while it is edited: the sport may still be unpicked (''). */
export interface SkillDraft {
  sport: string;
  skill_level: Skill['skill_level'];
}

/**
 * Each entry needs a sport from the list and a level (spec part 2 §5), and a sport appears
 * once. Answers the first problem, or null.
 */
export function validateSkills(rows: SkillDraft[], sports: readonly string[]): string | null {
  if (rows.some((row) => !sports.includes(row.sport) || !SKILL_LEVELS.includes(row.skill_level)))
    return 'Pick a sport from the list and a level for each entry';
  if (new Set(rows.map((row) => row.sport)).size !== rows.length)
    return 'Each sport can be listed once';
  return null;
}

/** Short day names by `day_of_week` (0 = Sunday). */
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const DAY_FULL_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A slot as "Sat 07:00–09:30". */
export function formatSlot(slot: AvailabilitySlot): string {
  return `${DAY_NAMES[slot.day_of_week] ?? ''} ${slot.start_time}–${slot.end_time}`;
}

/** Slots in week order, Monday first, then by start time. */
export function sortSlots(slots: readonly AvailabilitySlot[]): AvailabilitySlot[] {
  const weekday = (day: number) => (day + 6) % 7;
  return [...slots].sort(
    (a, b) =>
      weekday(a.day_of_week) - weekday(b.day_of_week) || a.start_time.localeCompare(b.start_time),
  );
}

/** Each slot needs a start and an end, the end after the start. Null when all are fine. */
export function validateSlots(slots: readonly AvailabilitySlot[]): string | null {
  if (slots.some((slot) => slot.start_time === '' || slot.end_time === ''))
    return 'Pick a start and an end time for each slot';
  if (slots.some((slot) => slot.end_time <= slot.start_time))
    return 'End time must be after start time';
  return null;
}
