import { UserRound } from 'lucide-react';
import { cx } from '../lib/format';

/** A round profile picture, or a placeholder icon when there is none (spec part 1 §2 header). */
export function Avatar({
  src,
  size = 36,
  className,
}: {
  src: string | null;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (src !== null && src !== '') {
    return (
      <img
        src={src}
        alt=""
        style={style}
        className={cx('shrink-0 rounded-full object-cover ring-2 ring-white', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className={cx(
        'grid shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700 ring-2 ring-white',
        className,
      )}
    >
      <UserRound className="size-1/2" />
    </span>
  );
}
