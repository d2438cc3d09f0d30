import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import s from './tabs.module.css';

export type TabItem = {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Kept mounted (hidden) while another tab shows: for content costly to build again, a map say. */
  keepMounted?: boolean;
};

/**
 * Tabs (Radix): arrow keys move between tabs, the panel follows. Import from
 * `ui/Tabs` directly (not the index) so screens that do not use tabs do not load them.
 */
export function Tabs({
  items,
  defaultValue,
  value,
  onValueChange,
  label,
}: {
  items: TabItem[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
}) {
  return (
    <RadixTabs.Root
      className={s.root}
      defaultValue={defaultValue ?? items[0]?.value}
      value={value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className={s.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={s.trigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          className={s.panel}
          forceMount={item.keepMounted || undefined}
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
