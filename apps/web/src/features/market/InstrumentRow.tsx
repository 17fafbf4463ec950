import type { InstrumentSummary } from '@brokerage/contract';
import { useRef, type ReactNode } from 'react';
import { mergeSummary, useLiveQuote, useLiveQuotes } from '../../api/live-quotes';
import { formatPrice } from '../../lib/format';
import { ChangePill, MarketBadge } from './QuoteParts';
import { useInView } from './useInView';
import { usePriceFlash } from './usePriceFlash';

/**
 * Marks the part of `text` that matches the search keyword, case-insensitively: anywhere in a
 * name, only at the start of a code (docs/api.md §8.4: code prefix or name substring).
 */
export function Highlighted({
  text,
  match,
  prefixOnly = false,
}: {
  text: string;
  match?: string;
  prefixOnly?: boolean;
}) {
  const needle = match?.trim().toLowerCase() ?? '';
  if (needle === '') return <>{text}</>;
  const at = text.toLowerCase().indexOf(needle);
  if (at < 0 || (prefixOnly && at !== 0)) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

/**
 * The content of an instrument row (docs/ui.md "Instrument row"): name on top, code and market badge
 * below on the left; last price on the right; change rate in a coloured pill at the far right.
 * It streams its own live quote while it is on screen and flashes the price when it moves.
 */
export function InstrumentRowBody({ item, highlight }: { item: InstrumentSummary; highlight?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const visible = useInView(ref);
  useLiveQuotes(visible ? [item.instrumentId] : []);
  const live = mergeSummary(item, useLiveQuote(item.instrumentId));
  const { flashClass, flashKey } = usePriceFlash(live.price);
  return (
    <span className="row-body" ref={ref}>
      <span className="row-names">
        <span className="row-name" title={live.name}>
          <Highlighted text={live.name} match={highlight} />
        </span>
        <span className="row-sub">
          <span className="row-code num">
            <Highlighted text={live.code} match={highlight} prefixOnly />
          </span>
          <MarketBadge market={live.market} assetClass={live.assetClass} />
        </span>
      </span>
      <span key={flashKey} className={`row-price num ${flashClass}`}>
        {formatPrice(live.price)}
      </span>
      <ChangePill changeRate={live.changeRate} />
    </span>
  );
}

interface InstrumentRowProps {
  item: InstrumentSummary;
  onOpen: (item: InstrumentSummary) => void;
  /** Long-press (docs/ui.md: "long-press or a star toggles the watchlist"). */
  onLongPress?: (item: InstrumentSummary) => void;
  /** A control after the row, such as a star. */
  trailing?: ReactNode;
  /** Replaces the row's main content (search results highlight the match). */
  children?: ReactNode;
}

const LONG_PRESS_MS = 550;

/** A tappable instrument row inside a `<ul className="instrument-list">`. */
export function InstrumentRow({ item, onOpen, onLongPress, trailing, children }: InstrumentRowProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  return (
    <li className="instrument-item">
      <button
        type="button"
        className="instrument-row"
        data-testid={`instrument-row-${item.instrumentId}`}
        onClick={() => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onOpen(item);
        }}
        onPointerDown={
          onLongPress
            ? () => {
                longPressed.current = false;
                cancel();
                timer.current = setTimeout(() => {
                  longPressed.current = true;
                  onLongPress(item);
                }, LONG_PRESS_MS);
              }
            : undefined
        }
        onPointerUp={onLongPress ? cancel : undefined}
        onPointerLeave={onLongPress ? cancel : undefined}
        onPointerCancel={onLongPress ? cancel : undefined}
        onContextMenu={onLongPress ? (event) => event.preventDefault() : undefined}
      >
        {children ?? <InstrumentRowBody item={item} />}
      </button>
      {trailing}
    </li>
  );
}

/** Grey placeholder rows while a list loads (docs/ui.md "skeleton rows"). */
export function SkeletonRows({ count = 8, label }: { count?: number; label: string }) {
  return (
    <ul className="instrument-list" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="instrument-item skeleton-row" aria-hidden="true">
          <span className="row-body">
            <span className="row-names">
              <span className="sk sk-name" />
              <span className="sk sk-code" />
            </span>
            <span className="sk sk-price" />
            <span className="sk sk-pill" />
          </span>
        </li>
      ))}
    </ul>
  );
}
