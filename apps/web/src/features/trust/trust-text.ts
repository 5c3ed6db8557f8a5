/** The words of trust between players: levels, minimums, a record. */
import type { Minimums, SkillLevel } from '@gameon/shared';

export const LEVEL_LABELS: Record<SkillLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};

/** "players who came to at least 80% of their games and are rated intermediate or above", or null. */
export function minimumsText({ min_show_up_percent: percent, min_level: level }: Minimums) {
  const parts = [
    percent === null ? null : `players who came to at least ${percent}% of their games`,
    level === null ? null : `a rated level of ${level} or above`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(' and ');
}

/** "Came to 18 of 20 games", or "New player" for null. */
export function recordText(record: { came: number; counted: number } | null): string {
  return record === null ? 'New player' : `Came to ${record.came} of ${record.counted} games`;
}

/** "Rated intermediate by 7 players". */
export function levelText(level: SkillLevel, raters: number): string {
  return `Rated ${level} by ${raters} players`;
}
