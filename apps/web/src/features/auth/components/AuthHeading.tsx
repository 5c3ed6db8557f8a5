import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Class names of a text link on the auth screens. */
export const authLinkClass =
  'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600';

interface AuthHeadingProps {
  /** Shown in a tile above the title. */
  icon?: LucideIcon;
  title: string;
  /** The line under the title. */
  children: ReactNode;
}

/** The top of an auth screen's card: an optional icon tile, the page's h1 and a line of text. */
export function AuthHeading({ icon: Icon, title, children }: AuthHeadingProps) {
  return (
    <div className="mb-6">
      {Icon && (
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
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
