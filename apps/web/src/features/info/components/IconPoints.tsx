import type { LucideIcon } from 'lucide-react';
import { cx } from '../../../lib/format';

/** One point of an {@link IconPoints} list. */
export interface IconPoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * A list of short points, each an icon tile beside a title and a sentence (the About page's
 * values, the Download page's features). `tile` styles the icon's square; `className` the grid.
 */
export function IconPoints({
  points,
  tile,
  className,
}: {
  points: readonly IconPoint[];
  tile: string;
  className: string;
}) {
  return (
    <ul className={cx('mt-10 grid grid-cols-1', className)}>
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4">
          <span
            className={cx(
              'grid size-11 shrink-0 place-items-center rounded-xl text-emerald-700',
              tile,
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
