import { Bell, BellOff } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss';

/**
 * The header's notification bell. The notification list arrives in a later issue; until then
 * the panel states that there are none (spec part 1 §8 empty state).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => setOpen((value) => !value)}
        className="grid size-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <Bell aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <div
          id="notifications-panel"
          role="region"
          aria-labelledby="notifications-heading"
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white shadow-xl"
        >
          <p
            id="notifications-heading"
            className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            Notifications
          </p>
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff aria-hidden="true" className="size-6 text-slate-300" />
            <p className="text-sm text-slate-500">No notifications yet</p>
          </div>
        </div>
      )}
    </div>
  );
}
