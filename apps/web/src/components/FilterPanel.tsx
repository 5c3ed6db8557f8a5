import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../lib/format';
import { Button } from './Button';

interface FilterPanelProps {
  /** Id of the panel, which the toggle controls. */
  id: string;
  /** How many filters differ from the defaults, shown as a badge on the toggle. */
  activeCount: number;
  /** The filters' controls. */
  children: ReactNode;
}

/**
 * A list's filters (spec part 1 §2 feed, spec part 2 §2 "a Filters toggle (a sidebar in
 * fullscreen mode)"): at 600 px or less (spec part 2 §9) a collapsed "Filters" button that opens
 * the panel under it, ending in "Show results", which closes it and brings the results under it
 * into view with focus on the toggle (the open panel pushed the results 950 px down);
 * on wider screens an always open side panel headed "Filters".
 */
export function FilterPanel({ id, activeCount, children }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const showResults = () => {
    setOpen(false);
    const toggle = toggleRef.current;
    // The collapsed toggle sits right above the results; html's scroll-padding-top keeps it
    // clear of the sticky header.
    toggle?.focus({ preventScroll: true });
    toggle?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-2 rounded-2xl px-4 py-3 text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 min-[601px]:hidden"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4 text-emerald-700" />
          Filters
          {activeCount > 0 && (
            <span className="rounded-full bg-emerald-700 px-2 text-xs text-white">
              {activeCount}
            </span>
          )}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cx('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>

      <section
        id={id}
        aria-label="Filters"
        className={cx(
          'space-y-5 border-t border-slate-100 p-4 min-[601px]:block min-[601px]:border-t-0',
          !open && 'hidden',
        )}
      >
        <div className="hidden items-center justify-between min-[601px]:flex">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <SlidersHorizontal aria-hidden="true" className="size-4 text-emerald-700" />
            Filters
          </h2>
        </div>
        {children}
        <Button className="w-full min-[601px]:hidden" onClick={showResults}>
          Show results
        </Button>
      </section>
    </div>
  );
}
