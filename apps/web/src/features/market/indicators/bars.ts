import type { Candle } from '@brokerage/contract';
import { toChartNumber, toChartTime } from '../chart-data';
import type { Bar } from './indicators';

/**
 * A candle as numbers for the indicators (display only; see `toChartNumber`). Kept apart from
 * the engine so the worker bundle does not pull in the formatting and contract code.
 */
export function candleToBar(candle: Candle): Bar {
  return {
    time: toChartTime(candle.t),
    open: toChartNumber(candle.o),
    high: toChartNumber(candle.h),
    low: toChartNumber(candle.l),
    close: toChartNumber(candle.c),
    volume: toChartNumber(candle.v),
  };
}
