import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

type Fade = 'start' | 'end' | 'both' | undefined;

/** Which edges of a horizontally scrolling row hide tabs (1 px of slack for sub-pixel widths). */
export function fadeOf(scrollLeft: number, clientWidth: number, scrollWidth: number): Fade {
  const before = scrollLeft > 1;
  const after = scrollLeft + clientWidth < scrollWidth - 1;
  if (before && after) return 'both';
  if (before) return 'start';
  if (after) return 'end';
  return undefined;
}

/**
 * Tracks the row's overflow on scroll and resize, and keeps the active tab in view. The tabs are
 * watched as well as the row: a label that grows when the language's strings arrive widens the
 * content but not the row, and must still turn the fade on. `contentKey` changes with the labels.
 */
function useOverflowFade(activeKey: string | null, contentKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [fade, setFade] = useState<Fade>(undefined);
  const measure = useCallback(() => {
    const el = ref.current;
    if (el) setFade(fadeOf(el.scrollLeft, el.clientWidth, el.scrollWidth));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    for (const tab of Array.from(el.children)) observer?.observe(tab);
    // web fonts change every label's width without a resize of the row
    void document.fonts?.ready.then(measure);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, contentKey]);
  useEffect(() => {
    const el = ref.current;
    if (!el || activeKey === null) return;
    const tab = Array.from(el.querySelectorAll<HTMLElement>('[data-key]')).find(
      (node) => node.dataset.key === activeKey,
    );
    if (!tab || typeof el.scrollTo !== 'function') return;
    const left = tab.offsetLeft - 24;
    const right = tab.offsetLeft + tab.offsetWidth + 24 - el.clientWidth;
    if (el.scrollLeft > left) el.scrollTo({ left, behavior: 'smooth' });
    else if (el.scrollLeft < right) el.scrollTo({ left: right, behavior: 'smooth' });
  }, [activeKey, contentKey]);
  return { ref, fade };
}

interface TabStripProps<K extends string> {
  /**
   * `ariaLabel` adds words for a screen reader after a short label ("1M (1 month)"): added, not
   * replacing, so the visible label stays part of the accessible name (WCAG 2.5.3).
   */
  tabs: readonly { key: K; label: string; ariaLabel?: string }[];
  /** null: no tab is selected (another control chose the view). */
  active: K | null;
  onChange: (key: K) => void;
  label: string;
  /** `data-testid` of each tab is `${testIdPrefix}${key}`. */
  testIdPrefix?: string;
  /** Or any other `data-testid` per tab. */
  testIdOf?: (key: K) => string | undefined;
  sticky?: boolean;
  small?: boolean;
  /**
   * The tabs share the row's width and wrap their labels between words instead of scrolling, in a
   * compact type: for a few tabs that must all stay in view on a 390 px phone in every language.
   */
  fill?: boolean;
}

/**
 * A scrollable row of tabs (WAI-ARIA tabs pattern, arrow keys move between them). Labels are
 * never cut to a fixed width, so long German words stay readable; the row scrolls instead,
 * fades out at an edge that hides tabs, and scrolls the active tab into view. With `fill` the
 * tabs share the row instead, so none is out of view (the row still scrolls as a last resort).
 */
export function TabStrip<K extends string>({
  tabs,
  active,
  onChange,
  label,
  testIdPrefix,
  testIdOf,
  sticky = false,
  small = false,
  fill = false,
}: TabStripProps<K>) {
  const { ref, fade } = useOverflowFade(active, tabs.map((tab) => tab.label).join('\u0000'));
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = Math.max(
      0,
      tabs.findIndex((tab) => tab.key === active),
    );
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    const strip = event.currentTarget.parentElement;
    strip?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  const focusable = tabs.some((tab) => tab.key === active) ? active : tabs[0]?.key;
  return (
    <div
      ref={ref}
      className={`tab-strip${sticky ? ' sticky' : ''}${small ? ' small' : ''}${fill ? ' fill' : ''}`}
      role="tablist"
      aria-label={label}
      data-fade={fade}
    >
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          data-key={tab.key}
          aria-selected={tab.key === active}
          tabIndex={tab.key === focusable ? 0 : -1}
          data-testid={testIdOf ? testIdOf(tab.key) : testIdPrefix ? `${testIdPrefix}${tab.key}` : undefined}
          onClick={() => onChange(tab.key)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
          {tab.ariaLabel ? <span className="sr-only"> ({tab.ariaLabel})</span> : null}
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
  /** The id of a text that explains the choice (aria-describedby of the group). */
  describedBy?: string;
}

/** A small segmented switch of toggle buttons (aria-pressed), like the header's market switch. */
export function SegmentedSwitch<K extends string>({
  options,
  value,
  onChange,
  label,
  testIdPrefix,
  describedBy,
}: SegmentedProps<K>) {
  return (
    <div className="segmented" role="group" aria-label={label} aria-describedby={describedBy}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={option.key === value}
          data-testid={testIdPrefix ? `${testIdPrefix}${option.key}` : undefined}
          onClick={() => onChange(option.key)}
        >
          {option.label}
          {option.ariaLabel ? <span className="sr-only"> ({option.ariaLabel})</span> : null}
        </button>
      ))}
    </div>
  );
}
