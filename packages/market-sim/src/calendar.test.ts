import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  isTradingDay,
  localDate,
  nextSessionOpen,
  nextTradingDay,
  previousTradingDay,
  sessionAt,
  sessionBounds,
  tradingDayOf,
} from './calendar.js';
import { defaultCalendars } from './default-calendars.js';
import type { MarketCalendar } from './types.js';

const usd: MarketCalendar = { ...defaultCalendars.usd, holidays: ['2026-07-03', '2025-12-25'] };
const { crypto, forex, mxn, eur } = defaultCalendars;
const iso = (d: Date) => d.toISOString();

describe('local dates', () => {
  it('reads the wall-clock date of the zone, not of UTC', () => {
    expect(localDate(new Date('2026-03-10T03:00:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(localDate(new Date('2026-03-10T05:00:00Z'), 'America/New_York')).toBe('2026-03-10');
    expect(localDate(new Date('2026-03-09T23:30:00Z'), 'Europe/Madrid')).toBe('2026-03-10');
    expect(localDate(new Date('2026-03-09T23:30:00Z'), 'UTC')).toBe('2026-03-09');
  });
});

describe('US sessions across the daylight-saving switches', () => {
  it('opens the regular session at 14:30 UTC before the March switch and 13:30 UTC after it', () => {
    expect(sessionBounds(usd, '2026-03-06').map((s) => [s.name, iso(s.open), iso(s.close)])).toEqual([
      ['pre', '2026-03-06T09:00:00.000Z', '2026-03-06T14:30:00.000Z'],
      ['regular', '2026-03-06T14:30:00.000Z', '2026-03-06T21:00:00.000Z'],
      ['after', '2026-03-06T21:00:00.000Z', '2026-03-07T01:00:00.000Z'],
    ]);
    expect(sessionBounds(usd, '2026-03-09').map((s) => iso(s.open))).toEqual([
      '2026-03-09T08:00:00.000Z',
      '2026-03-09T13:30:00.000Z',
      '2026-03-09T20:00:00.000Z',
    ]);
  });

  it('moves back an hour after the November switch', () => {
    expect(iso(sessionBounds(usd, '2026-10-30')[1]?.open as Date)).toBe('2026-10-30T13:30:00.000Z');
    expect(iso(sessionBounds(usd, '2026-11-02')[1]?.open as Date)).toBe('2026-11-02T14:30:00.000Z');
  });

  it('has no sessions on the switch Sundays themselves', () => {
    expect(sessionBounds(usd, '2026-03-08')).toEqual([]);
    expect(sessionBounds(usd, '2026-11-01')).toEqual([]);
  });

  it('names the session an instant falls in, and none between sessions', () => {
    expect(sessionAt(usd, new Date('2026-03-09T12:00:00Z'))?.name).toBe('pre');
    expect(sessionAt(usd, new Date('2026-03-09T13:30:00Z'))?.name).toBe('regular');
    expect(sessionAt(usd, new Date('2026-03-09T13:29:59Z'))?.name).toBe('pre');
    expect(sessionAt(usd, new Date('2026-03-09T20:00:00Z'))?.name).toBe('after');
    expect(sessionAt(usd, new Date('2026-03-09T23:59:00Z'))?.close).toBe('20:00');
    expect(sessionAt(usd, new Date('2026-03-10T00:00:00Z'))).toBeNull();
    expect(sessionAt(usd, new Date('2026-03-06T00:59:00Z'))?.name).toBe('after');
    expect(sessionAt(usd, new Date('2026-03-10T07:59:00Z'))).toBeNull();
  });
});

describe('holidays and weekends', () => {
  it('does not trade on a holiday or at the weekend', () => {
    expect(isTradingDay(usd, '2026-07-03')).toBe(false);
    expect(isTradingDay(usd, '2026-07-04')).toBe(false);
    expect(isTradingDay(usd, '2026-07-06')).toBe(true);
    expect(sessionAt(usd, new Date('2026-07-03T15:00:00Z'))).toBeNull();
    expect(sessionBounds(usd, '2026-07-03')).toEqual([]);
  });

  it('steps over holidays and weekends in business-day arithmetic', () => {
    expect(nextTradingDay(usd, '2026-07-02')).toBe('2026-07-06');
    expect(previousTradingDay(usd, '2026-07-06')).toBe('2026-07-02');
    expect(addBusinessDays(usd, '2026-07-02', 1)).toBe('2026-07-06');
    expect(addBusinessDays(usd, '2026-07-02', 3)).toBe('2026-07-08');
    expect(addBusinessDays(usd, '2026-07-06', -1)).toBe('2026-07-02');
    expect(addBusinessDays(usd, '2026-07-04', 0)).toBe('2026-07-04');
  });

  it('gives the last trading day as the trading day of a weekend or holiday instant', () => {
    expect(tradingDayOf(usd, new Date('2026-07-04T15:00:00Z'))).toBe('2026-07-02');
    expect(tradingDayOf(mxn, new Date('2026-03-08T15:00:00Z'))).toBe('2026-03-06');
  });

  it('counts today only once its first session has opened', () => {
    expect(tradingDayOf(usd, new Date('2026-03-10T07:59:00Z'))).toBe('2026-03-09');
    expect(tradingDayOf(usd, new Date('2026-03-10T08:00:00Z'))).toBe('2026-03-10');
    expect(tradingDayOf(mxn, new Date('2026-03-10T14:29:00Z'))).toBe('2026-03-09');
    expect(tradingDayOf(mxn, new Date('2026-03-10T14:30:00Z'))).toBe('2026-03-10');
  });
});

describe('next session open', () => {
  it('finds the next open after a close, a weekend and a holiday', () => {
    expect(iso(nextSessionOpen(mxn, new Date('2026-03-10T21:00:00Z')))).toBe('2026-03-11T14:30:00.000Z');
    expect(iso(nextSessionOpen(usd, new Date('2026-03-06T23:00:00Z')))).toBe('2026-03-09T08:00:00.000Z');
    expect(iso(nextSessionOpen(usd, new Date('2026-07-02T23:00:00Z')))).toBe('2026-07-06T08:00:00.000Z');
    expect(iso(nextSessionOpen(usd, new Date('2026-03-09T10:00:00Z')))).toBe('2026-03-09T13:30:00.000Z');
  });

  it('is strictly after the instant', () => {
    expect(iso(nextSessionOpen(eur, new Date('2026-03-10T08:00:00Z')))).toBe('2026-03-11T08:00:00.000Z');
  });
});

describe('digital currency trades 24/7', () => {
  it('has one 1440-minute session every day including weekends', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09']) {
      const [s] = sessionBounds(crypto, date);
      expect(iso(s?.open as Date)).toBe(`${date}T00:00:00.000Z`);
      expect((s?.close.getTime() ?? 0) - (s?.open.getTime() ?? 0)).toBe(1440 * 60_000);
    }
    expect(sessionAt(crypto, new Date('2026-03-08T23:59:59Z'))?.name).toBe('regular');
    expect(addBusinessDays(crypto, '2026-03-06', 2)).toBe('2026-03-08');
  });
});

describe('forex trades 24/5 in New York time', () => {
  it('runs Monday to Friday, midnight to midnight Eastern', () => {
    expect(isTradingDay(forex, '2026-03-07')).toBe(false);
    expect(isTradingDay(forex, '2026-03-08')).toBe(false);
    expect(sessionAt(forex, new Date('2026-03-07T04:59:00Z'))?.name).toBe('regular');
    expect(sessionAt(forex, new Date('2026-03-07T05:00:00Z'))).toBeNull();
    expect(sessionAt(forex, new Date('2026-03-09T04:00:00Z'))?.name).toBe('regular');
  });

  it('has a 24-hour day ending at the next local midnight', () => {
    const [s] = sessionBounds(forex, '2026-11-02');
    expect(iso(s?.open as Date)).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(s?.close as Date)).toBe('2026-11-03T05:00:00.000Z');
  });
});

describe('Madrid and Mexico City', () => {
  it('follow their own zones', () => {
    expect(sessionBounds(eur, '2026-03-27').map((s) => iso(s.open))).toEqual(['2026-03-27T08:00:00.000Z']);
    expect(sessionBounds(eur, '2026-03-30').map((s) => iso(s.open))).toEqual(['2026-03-30T07:00:00.000Z']);
    // Mexico City has no daylight saving since 2022
    expect(sessionBounds(mxn, '2026-07-06').map((s) => iso(s.open))).toEqual(['2026-07-06T14:30:00.000Z']);
  });
});
