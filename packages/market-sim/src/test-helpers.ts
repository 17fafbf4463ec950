/** Small helpers shared by the simulator's tests. */
import Decimal from 'decimal.js';
import { sessionBounds } from './calendar.js';
import type { MarketSimulator } from './simulator.js';
import { fixtureCalendars } from './test-fixtures.js';
import type { SimBar, SimMarket } from './types.js';

/** The last millisecond of the date's last session: the whole day has traded, the next has not begun. */
export function endOfDay(market: SimMarket, date: string): Date {
  const sessions = sessionBounds(fixtureCalendars[market], date);
  const last = sessions[sessions.length - 1];
  if (last === undefined) throw new Error(`${date} does not trade in ${market}`);
  return new Date(last.close.getTime() - 1);
}

/** Every 1-minute bar of one trading day (in pages of 1000). */
export function minuteBars(sim: MarketSimulator, instrumentId: string, market: SimMarket, date: string): SimBar[] {
  const sessions = sessionBounds(fixtureCalendars[market], date);
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (first === undefined || last === undefined) return [];
  const bars: SimBar[] = [];
  let from = first.open;
  for (;;) {
    const page = sim.candles(instrumentId, '1m', {
      at: endOfDay(market, date),
      from,
      to: new Date(last.close.getTime() - 1),
      limit: 1000,
    });
    bars.push(...page);
    if (page.length < 1000) return bars;
    from = new Date((page[page.length - 1] as SimBar).t.getTime() + 60_000);
  }
}

/** The aggregate of consecutive bars, computed independently with decimal.js. */
export function aggregate(bars: readonly SimBar[]): Omit<SimBar, 't'> {
  const first = bars[0] as SimBar;
  const last = bars[bars.length - 1] as SimBar;
  return {
    o: first.o,
    h: Decimal.max(...bars.map((b) => b.h)).toFixed(first.h.split('.')[1]?.length ?? 0),
    l: Decimal.min(...bars.map((b) => b.l)).toFixed(first.l.split('.')[1]?.length ?? 0),
    c: last.c,
    v: bars.reduce((sum, b) => sum.plus(b.v), new Decimal(0)).toFixed(first.v.split('.')[1]?.length ?? 0),
    turnover: bars.reduce((sum, b) => sum.plus(b.turnover), new Decimal(0)).toFixed(2),
  };
}

export function withoutTime(bar: SimBar): Omit<SimBar, 't'> {
  const { t: _t, ...rest } = bar;
  return rest;
}
