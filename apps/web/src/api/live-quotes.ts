/**
 * Live quotes for the screens: the shared `QuotesSocket` feeds a small zustand store keyed by
 * instrument id, and rows and details lay the latest frame over what `/market/list` or
 * `/market/quote` returned (`mergeSummary`, `mergeInstrument`). Keeping the ticks out of the
 * TanStack Query caches means a tick re-renders only the row that shows that instrument.
 */
import type { Instrument, InstrumentSummary, WsQuote } from '@brokerage/contract';
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { QuotesSocket, quotesSocketUrl } from './quotes-socket';

interface LiveQuotesState {
  quotes: Record<string, WsQuote>;
  apply: (quote: WsQuote) => void;
  clear: () => void;
}

function instant(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

export const liveQuotesStore = createStore<LiveQuotesState>()((set, get) => ({
  quotes: {},
  apply: (quote) => {
    const previous = get().quotes[quote.instrumentId];
    // Frames can arrive out of order around a reconnect; never step back in time.
    if (previous && instant(previous.ts) > instant(quote.ts)) return;
    set({ quotes: { ...get().quotes, [quote.instrumentId]: quote } });
  },
  clear: () => set({ quotes: {} }),
}));

let shared: QuotesSocket | null = null;

/** The app's one quote connection, created on first use. */
export function getQuotesSocket(): QuotesSocket {
  shared ??= new QuotesSocket({
    url: () => quotesSocketUrl(window.location),
    onQuote: (quote) => liveQuotesStore.getState().apply(quote),
  });
  return shared;
}

/** Replaces the shared connection (tests); disposes the previous one. */
export function setQuotesSocket(socket: QuotesSocket | null): void {
  shared?.dispose();
  shared = socket;
}

/**
 * Subscribes the given instruments for as long as the calling component is mounted with them.
 * Rows call it only while they are on screen, so a long list streams just what is visible.
 * Read the ticks with `useLiveQuote`.
 */
export function useLiveQuotes(instrumentIds: readonly string[]): void {
  const key = [...new Set(instrumentIds)]
    .filter((id) => id !== '')
    .sort()
    .join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return getQuotesSocket().subscribe(key.split(','));
  }, [key]);
}

/** The latest live frame of one instrument, if any arrived. */
export function useLiveQuote(instrumentId: string | undefined): WsQuote | undefined {
  return useStore(liveQuotesStore, (state) => (instrumentId ? state.quotes[instrumentId] : undefined));
}

function isNewer(live: WsQuote | undefined, updatedAt: string): live is WsQuote {
  return live !== undefined && instant(live.ts) >= instant(updatedAt);
}

/** A list row with the live frame laid over it when the frame is newer. */
export function mergeSummary<T extends InstrumentSummary>(summary: T, live: WsQuote | undefined): T {
  if (!isNewer(live, summary.updatedAt)) return summary;
  return {
    ...summary,
    price: live.price,
    change: live.change,
    changeRate: live.changeRate,
    volume: live.volume,
    turnover: live.turnover,
    status: live.status,
    stale: live.stale,
    updatedAt: live.ts,
  };
}

/** A full quote with the live frame laid over it when the frame is newer. */
export function mergeInstrument<T extends Instrument>(quote: T, live: WsQuote | undefined): T {
  if (!isNewer(live, quote.updatedAt)) return quote;
  return {
    ...mergeSummary(quote, live),
    open: live.open,
    prevClose: live.prevClose,
    high: live.high,
    low: live.low,
    bid: live.bid,
    ask: live.ask,
    inSession: live.inSession,
  };
}
