import type { ReactNode } from 'react';

interface InfoHeroProps {
  /** The small line above the title. */
  eyebrow: string;
  /** The page's one `h1`. */
  title: string;
  /** The lines under the title. */
  children?: ReactNode;
  /** Buttons or links under the lines. */
  actions?: ReactNode;
}

/**
 * The head of a public page: an eyebrow, the page's `h1`, a lead and optional actions,
 * on the landing page's emerald wash.
 */
export function InfoHero({ eyebrow, title, children, actions }: InfoHeroProps) {
  return (
    <header className="relative overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-transparent">
      <div
        aria-hidden="true"
        className="absolute -top-72 left-1/2 size-[30rem] -translate-x-1/2 rounded-full bg-emerald-200/50 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 md:py-16">
        <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {children !== undefined && (
          <div className="mx-auto mt-4 max-w-2xl space-y-2 text-base text-slate-600 sm:text-lg">
            {children}
          </div>
        )}
        {actions}
      </div>
    </header>
  );
}
