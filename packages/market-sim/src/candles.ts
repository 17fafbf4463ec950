/**
 * Which bars a candle request gets. Every period is cut from the same minute paths:
 *   1m/5m/15m/30m  minutes grouped by bar open time on the session's local clock (a bar never
 *                  crosses a session or a day); the bar's time is its first minute
 *   1d             the whole trading day, all sessions; t = 00:00 UTC of the local date
 *   1w / 1M        the trading days of one ISO week / calendar month; t = its first trading day
 * Bars open at or before `at` only, and the bar containing `at` holds only minutes ≤ at.
 * With `from`, the oldest `limit` bars from it; otherwise the latest `limit` bars up to `to`.
 */
import { adjustmentFactor } from './corporate-actions.js';
import { adjustedBar, barOfMinutes, mergeBars, type BarTotals } from './bars.js';
import { tradingDayNumberOf } from './calendar-days.js';
import { DAY_MS, isoWeekStart, monthKey, MINUTE_MS } from './day-number.js';
import type { MinutePath } from './minute-path.js';
import type { PriceSeries } from './price-series.js';
import type { SimAdjust, SimPeriod } from './types.js';

export interface CandleWindow {
  readonly atMs: number;
  /** the instrument day index of `at` (≥ 0) */
  readonly atIndex: number;
  readonly fromMs: number | null;
  readonly toMs: number;
  readonly limit: number;
}

const intradayMinutes: Partial<Record<SimPeriod, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30 };

export function periodMinutesOf(period: SimPeriod): number | null {
  return intradayMinutes[period] ?? null;
}

/** The intraday bars of one day's minutes that start at or before `untilMs`. */
function intradayBarsOfDay(path: MinutePath, periodMinutes: number, untilMs: number): BarTotals[] {
  const bars: BarTotals[] = [];
  for (const s of path.layout.sessions) {
    let start = 0;
    while (start < s.count) {
      const startMs = s.openMs + start * MINUTE_MS;
      if (startMs > untilMs) return bars;
      const bucket = Math.floor((s.openMinuteOfDay + start) / periodMinutes);
      let end = start + 1;
      while (end < s.count && Math.floor((s.openMinuteOfDay + end) / periodMinutes) === bucket && s.openMs + end * MINUTE_MS <= untilMs) {
        end += 1;
      }
      bars.push(barOfMinutes(path, s.first + start, s.first + end, startMs));
      start = end;
      while (start < s.count && Math.floor((s.openMinuteOfDay + start) / periodMinutes) === bucket) start += 1;
    }
  }
  return bars;
}

/** The day index a time limit falls on, clamped to [−1, atIndex]. */
function dayIndexOf(series: PriceSeries, ms: number, atIndex: number): number {
  return Math.min(atIndex, series.days.lastIndexOnOrBefore(tradingDayNumberOf(series.calendar, ms)));
}

export function intradayCandles(series: PriceSeries, periodMinutes: number, w: CandleWindow): BarTotals[] {
  const last = dayIndexOf(series, w.toMs, w.atIndex);
  const barsOf = (index: number) =>
    intradayBarsOfDay(series.path(index), periodMinutes, index === w.atIndex ? w.atMs : Number.POSITIVE_INFINITY).filter(
      (bar) => bar.t <= w.toMs && (w.fromMs === null || bar.t >= w.fromMs),
    );
  const result: BarTotals[] = [];
  if (w.fromMs !== null) {
    for (let i = Math.max(0, dayIndexOf(series, w.fromMs, w.atIndex)); i <= last && result.length < w.limit; i += 1) {
      result.push(...barsOf(i));
    }
    return result.slice(0, w.limit);
  }
  const days: BarTotals[][] = [];
  let count = 0;
  for (let i = last; i >= 0 && count < w.limit; i -= 1) {
    const bars = barsOf(i);
    days.push(bars);
    count += bars.length;
  }
  for (let d = days.length - 1; d >= 0; d -= 1) result.push(...(days[d] as BarTotals[]));
  return result.slice(Math.max(0, result.length - w.limit));
}

/** A day bar by instrument day index (partial on the day of `at`). */
export type DayBarSource = (index: number) => BarTotals;

export function dailyCandles(
  series: PriceSeries,
  period: '1d' | '1w' | '1M',
  w: CandleWindow,
  adjust: SimAdjust,
  dayBar: DayBarSource,
): BarTotals[] {
  const days = series.days;
  const keyOf = (index: number): number => {
    const day = days.dayAt(index);
    return period === '1d' ? day : period === '1w' ? isoWeekStart(day) : monthKey(day);
  };
  const isGroupStart = (index: number) => index === 0 || keyOf(index) !== keyOf(index - 1);
  const low = w.fromMs === null ? 0 : days.firstIndexOnOrAfter(Math.ceil(w.fromMs / DAY_MS));
  const high = Math.min(w.atIndex, days.lastIndexOnOrBefore(Math.floor(w.toMs / DAY_MS)));
  const starts: number[] = [];
  if (w.fromMs !== null) {
    for (let i = low; i <= high && starts.length < w.limit; i += 1) if (isGroupStart(i)) starts.push(i);
  } else {
    for (let i = high; i >= low && starts.length < w.limit; i -= 1) if (isGroupStart(i)) starts.unshift(i);
  }
  const applied = adjust === 'none' ? [] : series.appliedThrough(w.atIndex);
  const adjustedDay = (index: number): BarTotals => {
    const bar = dayBar(index);
    return adjust === 'none' || applied.length === 0 ? bar : adjustedBar(bar, adjustmentFactor(applied, index, w.atIndex, adjust));
  };
  return starts.map((start) => {
    const key = keyOf(start);
    const group: BarTotals[] = [];
    for (let i = start; i <= w.atIndex && keyOf(i) === key; i += 1) group.push(adjustedDay(i));
    return mergeBars(group);
  });
}
