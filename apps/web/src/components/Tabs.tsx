import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { cx } from '../lib/format';

/** A tab drawn as a pill (a list's filters, e.g. My Posts), which wraps at 375 px. */
export function pillTabClass(selected: boolean): string {
  return cx(
    'rounded-full px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors',
    selected
      ? 'bg-emerald-700 text-white shadow-sm'
      : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900',
  );
}

interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly { id: K; label: ReactNode }[];
  /** The open tab (controlled). */
  selected: K;
  onSelect: (id: K) => void;
  listClassName: string;
  /** Class names of a tab, selected or not. */
  tabClassName: (selected: boolean) => string;
  panelClassName?: string;
  /** The open tab's panel. */
  children: ReactNode;
}

/**
 * A tab bar over one panel (WAI-ARIA tabs pattern, React Aria Components): arrow keys, Home and
 * End move between tabs and open them; the panel is labelled by its tab.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: TabsProps<K>) {
  const select = (key: Key) => {
    const tab = tabs.find(({ id }) => id === key);
    if (tab) onSelect(tab.id);
  };
  return (
    <AriaTabs selectedKey={selected} onSelectionChange={select}>
      <TabList aria-label={label} className={listClassName}>
        {tabs.map(({ id, label: tabLabel }) => (
          <Tab
            key={id}
            id={id}
            className={({ isSelected }) =>
              `cursor-pointer outline-none focus-visible:outline-2 focus-visible:outline-emerald-600 ${tabClassName(isSelected)}`
            }
          >
            {tabLabel}
          </Tab>
        ))}
      </TabList>
      <TabPanel id={selected} className={panelClassName}>
        {children}
      </TabPanel>
    </AriaTabs>
  );
}
