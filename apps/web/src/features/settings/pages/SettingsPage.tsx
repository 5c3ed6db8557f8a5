import { Lock, MessageSquareText, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import type { ComponentType, KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../../lib/format';
import { ContentSettings } from '../components/ContentSettings';
import { PrivacySettings } from '../components/PrivacySettings';
import { SecuritySettings } from '../components/SecuritySettings';

interface SettingsTab {
  /** Value of the `tab` query parameter. */
  id: string;
  label: string;
  icon: LucideIcon;
  panel: ComponentType;
}

/** The tabs of settings, in order (spec part 2 §2: Security, Privacy, Content). */
const tabs = [
  { id: 'security', label: 'Security', icon: ShieldCheck, panel: SecuritySettings },
  { id: 'privacy', label: 'Privacy', icon: Lock, panel: PrivacySettings },
  { id: 'content', label: 'Content', icon: MessageSquareText, panel: ContentSettings },
] as const satisfies readonly SettingsTab[];

/**
 * Settings (spec part 2 §2): a tab bar over one panel; the open tab is kept in `?tab=` so it can
 * be linked to and survives a reload.
 */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex(({ id }) => id === searchParams.get('tab')),
  );
  const active: SettingsTab = tabs[activeIndex] ?? tabs[0];
  const Panel = active.panel;

  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    setSearchParams({ tab: tab.id }, { replace: true });
    tabRefs.current[index]?.focus();
  };

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: activeIndex === last ? 0 : activeIndex + 1,
      ArrowLeft: activeIndex === 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
      <div
        role="tablist"
        aria-label="Settings sections"
        onKeyDown={handleKeyDown}
        className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map(({ id, label, icon: Icon }, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`settings-tab-${id}`}
              aria-selected={selected}
              aria-controls={`settings-panel-${id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              className={cx(
                '-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2.5 sm:gap-2 sm:px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-emerald-600',
                selected
                  ? 'border-emerald-600 text-emerald-700'
                  : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${active.id}`}
        aria-labelledby={`settings-tab-${active.id}`}
        className="mt-6"
      >
        <Panel />
      </div>
    </div>
  );
}
