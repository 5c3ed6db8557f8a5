import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/format';

interface SettingsCardProps {
  title: string;
  /** The line under the title. */
  description: ReactNode;
  /** 'danger' draws the card and title in red (account deletion). */
  tone?: 'default' | 'danger';
  className?: string;
  children: ReactNode;
}

/** A card of a settings tab: a region named by its h2, a description and the controls. */
export function SettingsCard({
  title,
  description,
  tone = 'default',
  className,
  children,
}: SettingsCardProps) {
  const headingId = useId();
  const danger = tone === 'danger';
  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-8',
        danger ? 'ring-rose-200' : 'ring-slate-200',
        className,
      )}
    >
      <h2
        id={headingId}
        className={cx('text-lg font-semibold', danger ? 'text-rose-700' : 'text-slate-900')}
      >
        {title}
      </h2>
      <p className={cx('mt-1 text-sm', danger ? 'text-slate-600' : 'text-slate-500')}>
        {description}
      </p>
      {children}
    </section>
  );
}
