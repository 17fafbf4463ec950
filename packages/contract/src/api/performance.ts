/** `/user/performance`, `/user/pnlCalendar` and `/user/allocation` of docs/api.md §24.1–§24.2. */
import { z } from 'zod';
import { currencies } from '../currency.js';
import { date } from '../primitives.js';

/** §24.1 periods. */
export const performancePeriods = ['1w', '1m', '3m', 'ytd', '1y', 'all'] as const;
export type PerformancePeriod = (typeof performancePeriods)[number];

/** A signed decimal string (a Money at the currency's scale, or a Rate with 8 decimals). */
const signed = z.string().regex(/^-?\d+(\.\d+)?$/);

export const performanceRequest = z.object({
  currency: z.enum(currencies),
  period: z.enum(performancePeriods),
});
export type PerformanceRequest = z.input<typeof performanceRequest>;

export const performanceDay = z.object({
  date,
  value: signed,
  flow: signed,
  profit: signed,
  /** cumulative TWR up to this day, 8 decimals */
  twr: signed,
});
export type PerformanceDay = z.infer<typeof performanceDay>;

export const performance = z.object({
  currency: z.enum(currencies),
  period: z.enum(performancePeriods),
  from: date,
  to: date,
  startValue: signed,
  endValue: signed,
  netFlow: signed,
  profit: signed,
  twr: signed,
  mwr: signed,
  series: z.array(performanceDay),
  /** null when no benchmark is configured for the currency (`performance.benchmark.<CUR>` empty) */
  benchmark: z
    .object({
      instrumentId: z.string(),
      series: z.array(z.object({ date, return: signed })),
    })
    .nullable(),
});
export type Performance = z.infer<typeof performance>;

export const pnlCalendarRequest = z.object({
  currency: z.enum(currencies),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'format'),
});
export type PnlCalendarRequest = z.input<typeof pnlCalendarRequest>;

export const pnlCalendar = z.object({
  days: z.array(z.object({ date, profit: signed, rate: signed })),
  profit: signed,
});
export type PnlCalendar = z.infer<typeof pnlCalendar>;

export const allocationRequest = z.object({ currency: z.enum(currencies) });
export type AllocationRequest = z.input<typeof allocationRequest>;

export const allocationSlice = z.object({ key: z.string(), value: signed, weight: signed });
export type AllocationSlice = z.infer<typeof allocationSlice>;

export const allocation = z.object({
  currency: z.enum(currencies),
  total: signed,
  byAssetClass: z.array(allocationSlice),
  byMarket: z.array(allocationSlice),
  byCurrency: z.array(allocationSlice),
  byInstrument: z.array(allocationSlice),
});
export type Allocation = z.infer<typeof allocation>;
