import { cx } from '../lib/format';

/** A post's or review's tags as a list of '#tag' chips, named "Tags"; nothing when there are none. */
export function TagChips({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cx('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
        >
          #{tag}
        </li>
      ))}
    </ul>
  );
}
