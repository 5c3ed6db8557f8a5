import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly placeholder for an empty list. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-3 grid size-12 place-items-center rounded-full bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children !== undefined && <div className="mt-1 text-sm text-slate-500">{children}</div>}
    </div>
  );
}
