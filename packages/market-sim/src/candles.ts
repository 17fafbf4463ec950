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
import { dayLayoutOf, type DayLayout } from './day-layout.js';
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

/** One intraday bar's minutes [from, to) of a day and its open time. */
interface MinuteSpan {
  readonly from: number;
  readonly to: number;
  readonly t: number;
}

/**
 * The intraday bars of one day's minutes that start at or before `untilMs`, as minute spans: they
 * depend on the day's layout only, so a request can be planned before any minute path exists.
 */
function intradaySpansOfDay(layout: DayLayout, periodMinutes: number, untilMs: number): MinuteSpan[] {
  const spans: MinuteSpan[] = [];
  for (const s of layout.sessions) {
    let start = 0;
    while (start < s.count) {
      const startMs = s.openMs + start * MINUTE_MS;
      if (startMs > untilMs) return spans;
      const bucket = Math.floor((s.openMinuteOfDay + start) / periodMinutes);
      let end = start + 1;
      while (
        end < s.count &&
        Math.floor((s.openMinuteOfDay + end) / periodMinutes) === bucket &&
        s.openMs + end * MINUTE_MS <= untilMs
      ) {
        end += 1;
      }
      spans.push({ from: s.first + start, to: s.first + end, t: startMs });
      start = end;
      while (start < s.count && Math.floor((s.openMinuteOfDay + start) / periodMinutes) === bucket) start += 1;
    }
  }
  return spans;
}

/** The day index a time limit falls on, clamped to [−1, atIndex]. */
function dayIndexOf(series: PriceSeries, ms: number, atIndex: number): number {
  return Math.min(atIndex, series.days.lastIndexOnOrBefore(tradingDayNumberOf(series.calendar, ms)));
}

/** The spans of day `index` inside the window. */
function windowSpansOfDay(series: PriceSeries, periodMinutes: number, w: CandleWindow, index: number): MinuteSpan[] {
  const layout = dayLayoutOf(series.calendar, series.days.dayAt(index));
  return intradaySpansOfDay(layout, periodMinutes, index === w.atIndex ? w.atMs : Number.POSITIVE_INFINITY).filter(
    (span) => span.t <= w.toMs && (w.fromMs === null || span.t >= w.fromMs),
  );
}

/** The day indexes an intraday request reads, oldest first: the only minute paths it needs. */
export function intradayDays(series: PriceSeries, periodMinutes: number, w: CandleWindow): number[] {
  const last = dayIndexOf(series, w.toMs, w.atIndex);
  const days: number[] = [];
  let count = 0;
  if (w.fromMs !== null) {
    for (let i = Math.max(0, dayIndexOf(series, w.fromMs, w.atIndex)); i <= last && count < w.limit; i += 1) {
      days.push(i);
      count += windowSpansOfDay(series, periodMinutes, w, i).length;
    }
    return days;
  }
  for (let i = last; i >= 0 && count < w.limit; i -= 1) {
    days.push(i);
    count += windowSpansOfDay(series, periodMinutes, w, i).length;
  }
  return days.reverse();
}

export function intradayCandles(series: PriceSeries, periodMinutes: number, w: CandleWindow): BarTotals[] {
  const result: BarTotals[] = [];
  for (const index of intradayDays(series, periodMinutes, w)) {
    const spans = windowSpansOfDay(series, periodMinutes, w, index);
    if (spans.length === 0) continue;
    const path = series.path(index);
    for (const span of spans) result.push(barOfMinutes(path, span.from, span.to, span.t));
  }
  return w.fromMs !== null ? result.slice(0, w.limit) : result.slice(Math.max(0, result.length - w.limit));
}

/** A day bar by instrument day index (partial on the day of `at`). */
export type DayBarSource = (index: number) => BarTotals;

/** The day indexes of each bar a daily, weekly or monthly request returns, oldest bar first. */
export function dailyGroups(series: PriceSeries, period: '1d' | '1w' | '1M', w: CandleWindow): number[][] {
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
    for (let i = high; i >= low && starts.length < w.limit; i -= 1) if (isGroupStart(i)) starts.push(i);
    starts.reverse();
  }
  return starts.map((start) => {
    const key = keyOf(start);
    const group: number[] = [];
    for (let i = start; i <= w.atIndex && keyOf(i) === key; i += 1) group.push(i);
    return group;
  });
}

export function dailyCandles(
  series: PriceSeries,
  period: '1d' | '1w' | '1M',
  w: CandleWindow,
  adjust: SimAdjust,
  dayBar: DayBarSource,
): BarTotals[] {
  const applied = adjust === 'none' ? [] : series.appliedThrough(w.atIndex);
  const adjustedDay = (index: number): BarTotals => {
    const bar = dayBar(index);
    return adjust === 'none' || applied.length === 0
      ? bar
      : adjustedBar(bar, adjustmentFactor(applied, index, w.atIndex, adjust));
  };
  return dailyGroups(series, period, w).map((group) => mergeBars(group.map(adjustedDay)));
}
