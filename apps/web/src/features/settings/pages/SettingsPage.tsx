import { Lock, MessageSquareText, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/Tabs';
import { cx } from '../../../lib/format';
import { ContentSettings } from '../components/ContentSettings';
import { PrivacySettings } from '../components/PrivacySettings';
import { SecuritySettings } from '../components/SecuritySettings';
import { SettingsCard } from '../components/SettingsCard';

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
 * be linked to and survives a reload. `PushControl` (from the push feature, composed in app/)
 * turns push on or off for this device, in a card of the Content tab, beside how the rest reaches
 * the member.
 */
export function SettingsPage({
  PushControl,
  PaymentSettings,
}: {
  PushControl?: ComponentType;
  /** The member's UPI ID (the costs feature's, composed in app/), on the Privacy tab. */
  PaymentSettings?: ComponentType;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const active: SettingsTab = tabs.find(({ id }) => id === searchParams.get('tab')) ?? tabs[0];
  const Panel = active.panel;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
      <Tabs
        label="Settings sections"
        tabs={tabs.map(({ id, label, icon: Icon }) => ({
          id,
          label: (
            <>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </>
          ),
        }))}
        selected={active.id}
        onSelect={(id) => setSearchParams({ tab: id }, { replace: true })}
        listClassName="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200"
        tabClassName={(selected) =>
          cx(
            '-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2.5 sm:gap-2 sm:px-4 text-sm font-semibold whitespace-nowrap transition-colors',
            selected
              ? 'border-emerald-600 text-emerald-700'
              : 'border-transparent text-slate-500 hover:text-slate-800',
          )
        }
        panelClassName="mt-6"
      >
        <Panel />
        {active.id === 'privacy' && PaymentSettings !== undefined && <PaymentSettings />}
        {active.id === 'content' && PushControl !== undefined && (
          <SettingsCard
            title="Push notifications on this device"
            className="mt-6"
            description="Get new messages, game reminders and waitlist news on this phone or computer, even when GameOn is closed."
          >
            <PushControl />
          </SettingsCard>
        )}
      </Tabs>
    </div>
  );
}
