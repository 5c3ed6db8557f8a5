import { ArrowRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './Button';

interface SignUpBannerProps {
  /** Id of the banner's `h2`, which names its section. */
  headingId: string;
  title: string;
  /** The line under the title. */
  text: string;
  /** The link beside "Create your free account". */
  secondary: { to: string; label: string; icon?: LucideIcon };
  /** Spacing and background of the section around the banner. */
  className?: string;
}

/**
 * A call to sign up (spec part 1 §2 "Landing page", part 2 §2 "Download"): an emerald banner with
 * a title, a line, "Create your free account" (to /register) and a second link.
 */
export function SignUpBanner({ headingId, title, text, secondary, className }: SignUpBannerProps) {
  const { icon: SecondaryIcon } = secondary;
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-emerald-700 to-teal-800 px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id={headingId} className="relative text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <p className="relative mx-auto mt-3 max-w-xl text-emerald-50">{text}</p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('light', 'lg')}>
              Create your free account
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link
              to={secondary.to}
              className={buttonClasses(
                'ghost',
                'lg',
                'text-white ring-1 ring-white/40 hover:bg-white/10 hover:text-white',
              )}
            >
              {SecondaryIcon && <SecondaryIcon aria-hidden="true" className="size-4" />}
              {secondary.label}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
