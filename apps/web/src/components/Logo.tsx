import { useId } from 'react';
import { cx } from '../lib/format';

interface LogoProps {
  /** Height of the mark in pixels (the header uses 52, spec part 1 §9). */
  size?: number;
  /** Show the 'GameOn' word beside the mark. */
  withWordmark?: boolean;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  className?: string;
  /** Extra classes of the word, e.g. to hide it on small screens. */
  wordmarkClassName?: string;
}

/** The GameOn mark: a 'G' drawn as a play arc on an emerald tile, plus the wordmark. */
export function Logo({
  size = 40,
  withWordmark = true,
  inverted = false,
  className,
  wordmarkClassName,
}: LogoProps) {
  const gradientId = useId();
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        aria-hidden="true"
        className="shrink-0 drop-shadow-sm"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#10b981" />
            <stop offset="1" stopColor="#0f766e" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path
          d="M40 22a14 14 0 1 0 4 10H33"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWordmark && (
        <span
          className={cx(
            'text-xl font-extrabold tracking-tight',
            inverted ? 'text-white' : 'text-slate-900',
            wordmarkClassName,
          )}
        >
          Game<span className={inverted ? 'text-emerald-300' : 'text-emerald-700'}>On</span>
        </span>
      )}
    </span>
  );
}
