/** SQL LIKE patterns, for `lower(column) like ? escape '\'` on both dialects. */

/** "Contains `text`", case-folded, with LIKE wildcards escaped so "50%" means the characters. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
