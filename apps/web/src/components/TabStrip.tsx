import type { KeyboardEvent } from 'react';

interface TabStripProps<K extends string> {
  tabs: readonly { key: K; label: string }[];
  /** null: no tab is selected (another control chose the view). */
  active: K | null;
  onChange: (key: K) => void;
  label: string;
  /** `data-testid` of each tab is `${testIdPrefix}${key}`. */
  testIdPrefix?: string;
  sticky?: boolean;
  small?: boolean;
}

/**
 * A scrollable row of tabs (WAI-ARIA tabs pattern, arrow keys move between them). Labels are
 * never cut to a fixed width, so long German words stay readable; the row scrolls instead.
 */
export function TabStrip<K extends string>({ tabs, active, onChange, label, testIdPrefix, sticky = false, small = false }: TabStripProps<K>) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = Math.max(0, tabs.findIndex((tab) => tab.key === active));
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    const strip = event.currentTarget.parentElement;
    strip?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  const focusable = tabs.some((tab) => tab.key === active) ? active : tabs[0]?.key;
  return (
    <div className={`tab-strip${sticky ? ' sticky' : ''}${small ? ' small' : ''}`} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          data-key={tab.key}
          aria-selected={tab.key === active}
          tabIndex={tab.key === focusable ? 0 : -1}
          data-testid={testIdPrefix ? `${testIdPrefix}${tab.key}` : undefined}
          onClick={() => onChange(tab.key)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

interface SegmentedProps<K extends string> {
  options: readonly { key: K; label: string; ariaLabel?: string }[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  testIdPrefix?: string;
}

/** A small segmented switch of toggle buttons (aria-pressed), like the header's market switch. */
export function SegmentedSwitch<K extends string>({ options, value, onChange, label, testIdPrefix }: SegmentedProps<K>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={option.key === value}
          aria-label={option.ariaLabel}
          data-testid={testIdPrefix ? `${testIdPrefix}${option.key}` : undefined}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
