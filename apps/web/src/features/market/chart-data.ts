/**
 * Turns `/market/candles` answers and live frames into what the chart draws. Prices stay
 * decimal strings in everything this module keeps (the last bar, the comparisons); they become
 * JavaScript numbers only in `toChartNumber`, at the moment they are handed to the drawing
 * library.
 */
import type { Candle, TimeSharePoint } from '@brokerage/contract';
import type { CandlestickData, HistogramData, LineData, UTCTimestamp } from 'lightweight-charts';
import { compareDecimal } from '../../lib/format';
import type { Period } from './market-queries';

/**
 * The only place a price or volume string becomes a number, and only to draw it: the chart
 * library positions pixels with floats. Never use the result for arithmetic on money.
 */
export function toChartNumber(value: string): number {
  return Number(value);
}

/** An ISO instant as the chart's time (whole seconds, UTC). */
export function toChartTime(iso: string): UTCTimestamp {
  return Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;
}

export function isCandle(item: Candle | TimeSharePoint): item is Candle {
  return 'o' in item;
}

export function isTimeSharePoint(item: Candle | TimeSharePoint): item is TimeSharePoint {
  return 'price' in item;
}

export interface ChartColours {
  up: string;
  down: string;
  line: string;
  avg: string;
  volumeUp: string;
  volumeDown: string;
}

export function candleBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: toChartTime(candle.t),
    open: toChartNumber(candle.o),
    high: toChartNumber(candle.h),
    low: toChartNumber(candle.l),
    close: toChartNumber(candle.c),
  };
}

/** A volume bar in the colour of its candle (close at or above open counts as up). */
export function candleVolume(candle: Candle, colours: ChartColours): HistogramData<UTCTimestamp> {
  return {
    time: toChartTime(candle.t),
    value: toChartNumber(candle.v),
    color: compareDecimal(candle.c, candle.o) >= 0 ? colours.volumeUp : colours.volumeDown,
  };
}

export function pricePoint(point: TimeSharePoint): LineData<UTCTimestamp> {
  return { time: toChartTime(point.t), value: toChartNumber(point.price) };
}

export function avgPoint(point: TimeSharePoint): LineData<UTCTimestamp> {
  return { time: toChartTime(point.t), value: toChartNumber(point.avgPrice) };
}

/** A time-share minute's volume, coloured by its move against the minute before. */
export function pointVolume(
  point: TimeSharePoint,
  previous: TimeSharePoint | undefined,
  colours: ChartColours,
): HistogramData<UTCTimestamp> {
  const up = previous === undefined || compareDecimal(point.price, previous.price) >= 0;
  return {
    time: toChartTime(point.t),
    value: toChartNumber(point.v),
    color: up ? colours.volumeUp : colours.volumeDown,
  };
}

/** Bar length in seconds for the intraday periods; null for day, week and month bars. */
export function periodSeconds(period: Period): number | null {
  switch (period) {
    case 'time_share':
      return 60;
    case '5m':
      return 300;
    case '15m':
      return 900;
    case '30m':
      return 1800;
    default:
      return null;
  }
}

function maxDecimal(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

function minDecimal(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}

/**
 * Moves the last bar with a live price. Intraday bars roll over to a new bar once the price is
 * past the last bar's end; day, week and month bars are only updated (their boundaries follow
 * the market calendar, which the next refetch brings). Returns null when the tick is older than
 * the last bar.
 */
export function applyTickToCandle(last: Candle, price: string, tsIso: string, period: Period): Candle | null {
  const ts = toChartTime(tsIso);
  const start = toChartTime(last.t);
  if (ts < start) return null;
  const seconds = periodSeconds(period);
  if (seconds !== null && ts >= start + seconds) {
    const barStart = Math.floor(ts / seconds) * seconds;
    return {
      t: new Date(barStart * 1000).toISOString(),
      o: price,
      h: price,
      l: price,
      c: price,
      v: '0',
      turnover: '0',
    };
  }
  return { ...last, c: price, h: maxDecimal(last.h, price), l: minDecimal(last.l, price) };
}

/** The same for the time-share line: the last minute moves, a new minute adds a point (average carried over). */
export function applyTickToPoint(last: TimeSharePoint, price: string, tsIso: string): TimeSharePoint | null {
  const ts = toChartTime(tsIso);
  const start = toChartTime(last.t);
  if (ts < start) return null;
  if (ts >= start + 60) {
    const minute = Math.floor(ts / 60) * 60;
    return { t: new Date(minute * 1000).toISOString(), price, avgPrice: last.avgPrice, v: '0' };
  }
  return { ...last, price };
}
