import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';

interface ProfileSectionProps {
  title: string;
  icon: LucideIcon;
  /** Controls beside the title, e.g. the Edit button. */
  action?: ReactNode;
  children: ReactNode;
}

/** A card of the profile page with its heading (spec part 2 §2 "Profile" sections). */
export function ProfileSection({ title, icon: Icon, action, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex min-h-8 items-center justify-between gap-2">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <Icon aria-hidden="true" className="size-4 text-emerald-700" />
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The muted line shown when a field is empty. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}

/** A field inside a profile card (e.g. Phone in Contact Information): icon, h3 and action. */
export function ProfileFieldRow({ title, icon: Icon, action, children }: ProfileSectionProps) {
  return (
    <div className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
          {action}
        </div>
        {children}
      </div>
    </div>
  );
}
