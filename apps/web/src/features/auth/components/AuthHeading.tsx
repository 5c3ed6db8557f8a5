import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/format';

/** Class names of a text link on the auth screens. */
export const authLinkClass =
  'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600';

interface AuthHeadingProps {
  /** Shown in a tile above the title. */
  icon?: LucideIcon;
  title: string;
  /** The line under the title. */
  children: ReactNode;
  /** `h2` when the page already has its own `h1` (the registration code step). */
  level?: 'h1' | 'h2';
  /** Centred with a larger tile (the code-entry steps). */
  centered?: boolean;
}

/** The top of an auth screen's card: an optional icon tile, the heading and a line of text. */
export function AuthHeading({
  icon: Icon,
  title,
  children,
  level: Heading = 'h1',
  centered = false,
}: AuthHeadingProps) {
  return (
    <div className={centered ? 'text-center' : 'mb-6'}>
      {Icon && (
        <span
          className={cx(
            'mb-4 grid place-items-center rounded-2xl bg-emerald-50 text-emerald-700',
            centered ? 'mx-auto size-14' : 'size-12',
          )}
        >
          <Icon aria-hidden="true" className={centered ? 'size-7' : 'size-6'} />
        </span>
      )}
      <Heading className="text-2xl font-bold text-slate-900">{title}</Heading>
      <p className={cx('text-sm text-slate-600', centered ? 'mt-2' : 'mt-1')}>{children}</p>
    </div>
  );
}

/** The line under a card that leads to the other auth screen ('New to GameOn? Create an account'). */
export function AuthSwitch({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {question}{' '}
      <Link to={to} className={authLinkClass}>
        {link}
      </Link>
    </p>
  );
}
