/**
 * The market simulator: a pure, deterministic function of (seed, universe, calendars, halts,
 * instant). It never reads a clock, does no I/O and uses no Math.random, so every server
 * instance computes the same quotes without coordinating, and any past instant can be asked
 * again with the same answer.
 *
 * Inside, prices are integers: log-prices for the walk (see log-price.ts), whole ticks once
 * converted; volumes are integer units and turnover integer cents. Floats appear only in the
 * deterministic log→ticks conversion. Everything that leaves the simulator is a decimal string.
 *
 * Cost: the first question about an instrument walks its daily closes once (one integer step
 * per trading day since HISTORY_START, kept as checkpoints every 32 days); after that any day is
 * at most 31 steps away. A question about an instant builds only that instrument-day's minute
 * path, which is then cached (LRU bounded by minutes), as is the 52-week range per trading day.
 * Finished days' bars are kept for good in a compact per-instrument store (day-bar-store.ts).
 *
 * A cold chart can still need hundreds of days of minute paths (an index's: every member's
 * too), seconds of CPU. `candleSteps` computes the same bars in steps of one minute path each,
 * so a server can spread that work over many turns of its event loop (issue 18). Likewise
 * `warmSteps` (what a quote needs: for a cold index, every member's walk) and `statsSteps` (the
 * 52-week range: a year of day bars); `isWarm` and `isStatsWarm` tell, without computing
 * anything, whether there is anything left to do.
 */
import { barOfMinutes, simBarOf, type BarTotals } from './bars.js';
import { sessionSpans, spanAt, tradingDayNumberOf } from './calendar-days.js';
import {
  dailyCandles,
  dailyGroups,
  intradayCandles,
  intradayDays,
  periodMinutesOf,
  type CandleWindow,
} from './candles.js';
import { DayBarStore } from './day-bar-store.js';
import { adjustmentEventOf, adjustmentFactor, scaleTicks } from './corporate-actions.js';
import { dateOfDayNumber, MINUTE_MS, utcMidnight } from './day-number.js';
import { lastMinuteAtOrBefore, minuteStartMs } from './day-layout.js';
import { formatScaled } from './decimal-text.js';
import { UnknownInstrumentError } from './errors.js';
import { isHalted } from './halts.js';
import { indexFormulaOf } from './index-level.js';
import { IndexSeries } from './index-series.js';
import { actionsInLife, walkParamsOf } from './instrument-params.js';
import { bigRoundHalfUp, mulDivHalfUp, tenPow } from './integer-math.js';
import { LruCache } from './lru-cache.js';
import type { MinutePath } from './minute-path.js';
import type { PathCache, PriceSeries } from './price-series.js';
import { InstrumentDays, MarketDays } from './trading-days.js';
import type {
  AdjustmentEvent,
  Halt,
  InstrumentDef,
  SimAdjust,
  SimBar,
  SimConfig,
  SimMarket,
  SimPeriod,
  SimQuote,
  SimStats,
  SimTimeSharePoint,
} from './types.js';
import { WalkSeries } from './walk-series.js';
import { localDayNumber } from './timezone.js';

/** Bound of the minute-path cache, in minutes (a US day has 960, a crypto day 1440). */
const PATH_CACHE_MINUTES = 2_000_000;
const RANGE_CACHE_ENTRIES = 20_000;
const CANDLE_LIMIT_DEFAULT = 300;
const CANDLE_LIMIT_MAX = 1000;
/** 52 weeks back from the trading day, that day included. */
const RANGE_DAYS = 364;

export interface CandleOptions {
  at: Date;
  from?: Date;
  to?: Date;
  limit?: number;
  adjust?: SimAdjust;
}

/**
 * A quote's figures as integers. Before the instrument's first day they are its reference
 * price with no volume; otherwise the open/high/low/volume/turnover cover the day's primary
 * session up to the instant (docs/api.md §1.11: the regular session when the market has extended
 * hours; before it opens they show the previous close and no volume).
 */
interface QuoteFigures {
  day: number;
  price: number;
  open: number;
  prevClose: number;
  high: number;
  low: number;
  volume: number;
  turnover: bigint;
  limitUp: number | null;
  limitDown: number | null;
  tsMs: number;
}

export class MarketSimulator {
  private readonly defs: readonly InstrumentDef[];
  private readonly byId = new Map<string, InstrumentDef>();
  private readonly series = new Map<string, PriceSeries>();
  private readonly marketDays = new Map<SimMarket, MarketDays>();
  private readonly haltsById = new Map<string, Halt[]>();
  private readonly paths: PathCache = new LruCache<string, MinutePath>(PATH_CACHE_MINUTES, (path) => path.price.length);
  private readonly dayBars = new Map<string, DayBarStore>();
  private readonly ranges = new LruCache<string, { high: number; low: number } | null>(RANGE_CACHE_ENTRIES);

  constructor(
    universe: readonly InstrumentDef[],
    private readonly config: SimConfig,
  ) {
    this.defs = Object.freeze([...universe]);
    for (const def of universe) {
      if (this.byId.has(def.instrumentId)) throw new RangeError(`market-sim: duplicate instrument ${def.instrumentId}`);
      if (config.calendars[def.market] === undefined)
        throw new RangeError(`market-sim: no calendar for market ${def.market}`);
      this.byId.set(def.instrumentId, def);
    }
    for (const def of universe) {
      if (def.assetClass !== 'index') continue;
      for (const c of def.constituents ?? []) {
        const member = this.byId.get(c.instrumentId);
        if (member === undefined || member.assetClass === 'index' || member.market !== def.market) {
          throw new RangeError(
            `market-sim: index ${def.instrumentId} member ${c.instrumentId} must be a non-index instrument of its market`,
          );
        }
      }
    }
    for (const halt of config.halts ?? []) {
      const list = this.haltsById.get(halt.instrumentId) ?? [];
      list.push(halt);
      this.haltsById.set(halt.instrumentId, list);
    }
  }

  instruments(): readonly InstrumentDef[] {
    return this.defs;
  }

  instrument(id: string): InstrumentDef | undefined {
    return this.byId.get(id);
  }

  private daysOf(market: SimMarket): MarketDays {
    let days = this.marketDays.get(market);
    if (days === undefined) {
      days = new MarketDays(this.config.calendars[market]);
      this.marketDays.set(market, days);
    }
    return days;
  }

  private seriesOf(id: string): PriceSeries {
    const existing = this.series.get(id);
    if (existing !== undefined) return existing;
    const def = this.byId.get(id);
    if (def === undefined) throw new UnknownInstrumentError(id);
    const calendar = this.config.calendars[def.market];
    const days = new InstrumentDays(this.daysOf(def.market), def);
    const halts = this.haltsById.get(id) ?? [];
    let created: PriceSeries;
    if (def.assetClass === 'index') {
      const members = (def.constituents ?? []).map((c) => this.seriesOf(c.instrumentId) as WalkSeries);
      const formula = indexFormulaOf(
        def,
        members.map((m) => m.def),
      );
      created = new IndexSeries(def, calendar, days, halts, members, formula, this.paths);
    } else {
      const lastDay = days.lastIndex === null || days.isEmpty ? null : days.dayAt(days.lastIndex);
      const actions = actionsInLife(def, days.firstDay, lastDay);
      const params = walkParamsOf(def, calendar, this.config.seed, actions);
      created = new WalkSeries(def, calendar, days, halts, params, actions, this.paths);
    }
    this.series.set(id, created);
    return created;
  }

  /** Creates the instrument's series in steps: an index's members one at a time (each derives its walk's constants). */
  private *seriesSteps(id: string): Generator<void, void, void> {
    if (this.series.has(id)) return;
    const def = this.byId.get(id);
    if (def === undefined) throw new UnknownInstrumentError(id);
    for (const member of def.constituents ?? []) {
      if (this.series.has(member.instrumentId)) continue;
      this.seriesOf(member.instrumentId);
      yield;
    }
    this.seriesOf(id);
    yield;
  }

  /** The instrument day index of the trading day `ms` belongs to (capped at delisting), −1 before its first day. */
  private dayIndexAt(series: PriceSeries, ms: number): number {
    if (series.days.isEmpty) return -1;
    return series.days.lastIndexOnOrBefore(tradingDayNumberOf(series.calendar, ms));
  }

  /** The day's last minute at or before `ms` (the whole day when `ms` is after it). */
  private minuteAt(path: MinutePath, ms: number): number {
    return lastMinuteAtOrBefore(path.layout, ms);
  }

  quote(instrumentId: string, at: Date): SimQuote {
    const series = this.seriesOf(instrumentId);
    const def = series.def;
    const ms = at.getTime();
    const span = spanAt(series.calendar, ms);
    const money = (ticks: number) => formatScaled(ticks, def.priceScale);
    const index = this.dayIndexAt(series, ms);
    let figures: QuoteFigures;
    if (index < 0) {
      const reference = series.referenceTicks();
      const limits = series.limitsOf(reference);
      figures = {
        day: series.days.firstDay,
        price: reference,
        open: reference,
        prevClose: reference,
        high: reference,
        low: reference,
        volume: 0,
        turnover: 0n,
        limitUp: limits.up,
        limitDown: limits.down,
        tsMs: Math.floor(ms / MINUTE_MS) * MINUTE_MS,
      };
    } else {
      const path = series.path(index);
      const minute = this.minuteAt(path, ms);
      const { primaryFrom, primaryTo } = path.layout;
      const primaryEnd = Math.min(primaryTo, minute + 1);
      const primary = primaryEnd > primaryFrom ? barOfMinutes(path, primaryFrom, primaryEnd, 0) : null;
      figures = {
        day: path.layout.day,
        price: path.price[minute] as number,
        open: primary?.open ?? path.prevCloseTicks,
        prevClose: path.prevCloseTicks,
        high: primary?.high ?? path.prevCloseTicks,
        low: primary?.low ?? path.prevCloseTicks,
        volume: primary?.volume ?? 0,
        turnover: primary?.turnover ?? 0n,
        limitUp: path.limitUpTicks,
        limitDown: path.limitDownTicks,
        tsMs: minuteStartMs(path.layout, minute),
      };
    }
    const { bid, ask } = series.bidAsk(figures.price, figures.limitDown, figures.limitUp);
    // one object literal: spreading a partial object and adding fields is many times slower in V8
    return {
      instrumentId,
      status: this.statusAt(series, ms),
      inSession: span !== null,
      session: span?.session.name ?? null,
      tradingDay: dateOfDayNumber(figures.day),
      price: money(figures.price),
      bid: money(bid),
      ask: money(ask),
      open: money(figures.open),
      prevClose: money(figures.prevClose),
      high: money(figures.high),
      low: money(figures.low),
      volume: formatScaled(figures.volume, def.volumeScale),
      turnover: formatScaled(figures.turnover, 2),
      limitUp: figures.limitUp === null ? null : money(figures.limitUp),
      limitDown: figures.limitDown === null ? null : money(figures.limitDown),
      ts: new Date(figures.tsMs),
    };
  }

  private statusAt(series: PriceSeries, ms: number): SimQuote['status'] {
    const { listingDay, delistingDay } = series.days;
    const localDay = localDayNumber(series.calendar.timezone, ms);
    if (listingDay !== null && localDay < listingDay) return 'pre_listing';
    if (delistingDay !== null && localDay > delistingDay) return 'delisted';
    if (isHalted(series.halts, ms)) return 'halted';
    return 'trading';
  }

  private dayBarStore(series: PriceSeries): DayBarStore {
    let store = this.dayBars.get(series.def.instrumentId);
    if (store === undefined) {
      store = new DayBarStore();
      this.dayBars.set(series.def.instrumentId, store);
    }
    return store;
  }

  /** True when day `index` is over at `atMs` (its bar is final and can be stored). */
  private isDayComplete(series: PriceSeries, index: number, atMs: number): boolean {
    const spans = sessionSpans(series.calendar, series.days.dayAt(index));
    const lastMinuteMs = (spans[spans.length - 1]?.closeMs ?? 0) - MINUTE_MS;
    return atMs >= lastMinuteMs;
  }

  /** Day bar of instrument day `index`: the whole day, or its minutes ≤ atMs on the day of `at`. */
  private dayBar(series: PriceSeries, index: number, atMs: number): BarTotals {
    const day = series.days.dayAt(index);
    const t = utcMidnight(day).getTime();
    const isComplete = this.isDayComplete(series, index, atMs);
    const store = this.dayBarStore(series);
    if (isComplete) {
      const stored = store.get(index, t);
      if (stored !== undefined) return stored;
    }
    const path = series.path(index);
    const bar = barOfMinutes(path, 0, this.minuteAt(path, atMs) + 1, t);
    if (isComplete) store.set(index, bar);
    return bar;
  }

  private candleWindow(series: PriceSeries, opts: CandleOptions): CandleWindow | null {
    const limit = opts.limit ?? CANDLE_LIMIT_DEFAULT;
    if (!Number.isInteger(limit) || limit < 1 || limit > CANDLE_LIMIT_MAX) {
      throw new RangeError(`market-sim: limit must be an integer in 1…${CANDLE_LIMIT_MAX}`);
    }
    const atMs = opts.at.getTime();
    const atIndex = this.dayIndexAt(series, atMs);
    if (atIndex < 0) return null;
    return {
      atMs,
      atIndex,
      fromMs: opts.from === undefined ? null : opts.from.getTime(),
      toMs: Math.min(atMs, opts.to === undefined ? atMs : opts.to.getTime()),
      limit,
    };
  }

  candles(instrumentId: string, period: SimPeriod, opts: CandleOptions): SimBar[] {
    const series = this.seriesOf(instrumentId);
    const window = this.candleWindow(series, opts);
    if (window === null) return [];
    const minutes = periodMinutesOf(period);
    const bars =
      minutes !== null
        ? intradayCandles(series, minutes, window)
        : dailyCandles(series, period as '1d' | '1w' | '1M', window, opts.adjust ?? 'none', (i) =>
            this.dayBar(series, i, window.atMs),
          );
    return bars.map((bar) => simBarOf(bar, series.def.priceScale, series.def.volumeScale));
  }

  /**
   * The same bars as `candles`, computed in steps: the generator yields after each minute path
   * it had to build (and after each day bar it stored), then returns the bars. Driving it to the
   * end in one go gives exactly `candles`; a caller may instead stop between steps and go on
   * later. The work is first planned from the calendar alone (which days the bars cover), so a
   * step never holds more than one instrument-day of minutes.
   */
  *candleSteps(instrumentId: string, period: SimPeriod, opts: CandleOptions): Generator<void, SimBar[], void> {
    yield* this.seriesSteps(instrumentId);
    const series = this.seriesOf(instrumentId);
    yield* this.daysOf(series.def.market).extendSteps(tradingDayNumberOf(series.calendar, opts.at.getTime()));
    const window = this.candleWindow(series, opts);
    if (window === null) return [];
    const minutes = periodMinutesOf(period);
    if (minutes !== null) {
      for (const index of intradayDays(series, minutes, window)) yield* series.pathSteps(index);
    } else {
      const store = this.dayBarStore(series);
      for (const group of dailyGroups(series, period as '1d' | '1w' | '1M', window)) {
        for (const index of group) {
          if (store.has(index)) continue;
          yield* series.pathSteps(index);
          if (this.isDayComplete(series, index, window.atMs)) this.dayBar(series, index, window.atMs);
        }
      }
    }
    return this.candles(instrumentId, period, opts);
  }

  /**
   * Prepares in steps what `quote`, `timeShare` and `stats`' current day need at `at`: the
   * instrument's series, its market's trading days, its walk and the day's minute path (an
   * index's: every member's). Afterwards those calls cost microseconds to a few milliseconds.
   */
  *warmSteps(instrumentId: string, at: Date): Generator<void, void, void> {
    yield* this.seriesSteps(instrumentId);
    const series = this.seriesOf(instrumentId);
    const ms = at.getTime();
    yield* this.daysOf(series.def.market).extendSteps(tradingDayNumberOf(series.calendar, ms));
    const index = this.dayIndexAt(series, ms);
    if (index >= 0) yield* series.pathSteps(index);
  }

  /**
   * True when `quote`, `timeShare` and the current day of `stats` at `at` cost no more than a
   * lookup: what `warmSteps` prepares is all there. Computes nothing (microseconds), so a server
   * can tell a request it may answer at once from one it must run in slices.
   */
  isWarm(instrumentId: string, at: Date): boolean {
    const series = this.series.get(instrumentId);
    if (series === undefined) return false;
    const ms = at.getTime();
    if (!this.daysOf(series.def.market).covers(tradingDayNumberOf(series.calendar, ms))) return false;
    const index = this.dayIndexAt(series, ms);
    return index < 0 || series.hasPath(index);
  }

  /**
   * What `warmSteps` prepares and, besides, what `stats` needs at `at`: the 52-week range before
   * the day (a stock: the day bars of up to 252 days, each from its minute path; an index: its
   * closes). Afterwards `stats` costs the day's bar so far and a lookup.
   */
  *statsSteps(instrumentId: string, at: Date): Generator<void, void, void> {
    yield* this.warmSteps(instrumentId, at);
    const series = this.seriesOf(instrumentId);
    const index = this.dayIndexAt(series, at.getTime());
    if (index >= 0) yield* this.rangeSteps(series, index);
  }

  /** True when `stats` at `at` costs no more than the day's bar so far and a lookup (see `statsSteps`). */
  isStatsWarm(instrumentId: string, at: Date): boolean {
    if (!this.isWarm(instrumentId, at)) return false;
    const series = this.seriesOf(instrumentId);
    const index = this.dayIndexAt(series, at.getTime());
    return index < 0 || this.ranges.has(`${instrumentId}#${index}`);
  }

  /** Bytes held by the stored day bars (for operators' metrics). */
  dayBarBytes(): number {
    let total = 0;
    for (const store of this.dayBars.values()) total += store.bytes;
    return total;
  }

  /**
   * One point per minute of the current trading day up to `at` (or of the last trading day).
   * avgPrice = cumulative turnover / cumulative volume, rounded half-up to the price scale (the
   * price itself before anything traded); for an index, whose volume adds up different shares
   * so that turnover / volume means nothing, the running mean of its minute levels.
   */
  timeShare(instrumentId: string, at: Date): SimTimeSharePoint[] {
    const series = this.seriesOf(instrumentId);
    const def = series.def;
    const ms = at.getTime();
    const index = this.dayIndexAt(series, ms);
    if (index < 0) return [];
    const path = series.path(index);
    const last = this.minuteAt(path, ms);
    const shift = def.volumeScale + def.priceScale - 2;
    const numeratorScale = Number(tenPow(Math.max(0, shift)));
    const denominatorScale = Number(tenPow(Math.max(0, -shift)));
    const points: SimTimeSharePoint[] = [];
    let volume = 0;
    let turnover = 0;
    let levels = 0;
    for (let i = 0; i <= last; i += 1) {
      const price = path.price[i] as number;
      volume += path.volume[i] as number;
      turnover += path.turnover[i] as number;
      levels += price;
      let average: number;
      if (def.assetClass === 'index') average = mulDivHalfUp(levels, 1, i + 1);
      else if (volume === 0) average = price;
      else average = mulDivHalfUp(turnover, numeratorScale, volume * denominatorScale);
      points.push({
        t: new Date(minuteStartMs(path.layout, i)),
        price: formatScaled(price, def.priceScale),
        avgPrice: formatScaled(average, def.priceScale),
        v: formatScaled(path.volume[i] as number, def.volumeScale),
      });
    }
    return points;
  }

  /**
   * 52-week high and low from the daily bars of the 52 weeks up to `at` (the current day's
   * minutes so far included), forward-adjusted so they compare with today's price; marketCap =
   * price × sharesOutstanding at 2 decimals.
   */
  stats(instrumentId: string, at: Date): SimStats {
    const series = this.seriesOf(instrumentId);
    const def = series.def;
    const ms = at.getTime();
    const index = this.dayIndexAt(series, ms);
    let price: number;
    let high: number;
    let low: number;
    if (index < 0) {
      price = series.referenceTicks();
      high = price;
      low = price;
    } else {
      const today = this.dayBar(series, index, ms);
      const earlier = this.earlierRange(series, index);
      price = today.close;
      high = Math.max(today.high, earlier?.high ?? today.high);
      low = Math.min(today.low, earlier?.low ?? today.low);
    }
    let marketCap: string | null = null;
    if (def.sharesOutstanding !== null) {
      if (!Number.isSafeInteger(def.sharesOutstanding))
        throw new RangeError(`market-sim: ${def.instrumentId} sharesOutstanding must be an integer`);
      const cents = bigRoundHalfUp(BigInt(price) * BigInt(def.sharesOutstanding) * 100n, tenPow(def.priceScale));
      marketCap = formatScaled(cents, 2);
    }
    return { high52w: formatScaled(high, def.priceScale), low52w: formatScaled(low, def.priceScale), marketCap };
  }

  /** High/low of the finished days of the 52-week window before day `index`, forward-adjusted as of that day (cached). */
  private earlierRange(series: PriceSeries, index: number): { high: number; low: number } | null {
    const steps = this.rangeSteps(series, index);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /**
   * `earlierRange` in steps: yields after each minute path it had to build (a stock: up to 252
   * of them, 40–120 ms of CPU in all on a cold simulator) and every 16 closes of an index.
   * The days are taken oldest first, so each walk steps once per day from the day before.
   */
  private *rangeSteps(series: PriceSeries, index: number): Generator<void, { high: number; low: number } | null, void> {
    const key = `${series.def.instrumentId}#${index}`;
    const cached = this.ranges.get(key);
    if (cached !== undefined) return cached;
    const first = series.days.firstIndexOnOrAfter(series.days.dayAt(index) - RANGE_DAYS + 1);
    const applied = series.appliedThrough(index);
    const store = this.dayBarStore(series);
    let range: { high: number; low: number } | null = null;
    for (let i = first; i < index; i += 1) {
      // An index's earlier days count by their closes: a full intraday bar of an index needs every
      // member's minute path of that day (30 members × 252 days for the Dow), its close only the
      // members' daily closes. Index providers publish closing highs and lows the same way.
      if (series instanceof IndexSeries) {
        const close = series.closeTicks(i);
        range =
          range === null
            ? { high: close, low: close }
            : { high: Math.max(range.high, close), low: Math.min(range.low, close) };
        if ((i - first) % 16 === 15) yield;
        continue;
      }
      if (!store.has(i)) yield* series.pathSteps(i);
      const bar = this.dayBar(series, i, Number.POSITIVE_INFINITY);
      const factor = adjustmentFactor(applied, i, index, 'forward');
      const high = scaleTicks(bar.high, factor);
      const low = scaleTicks(bar.low, factor);
      range = range === null ? { high, low } : { high: Math.max(range.high, high), low: Math.min(range.low, low) };
    }
    this.ranges.set(key, range);
    return range;
  }

  /**
   * The instrument's corporate actions with their exact factors, oldest first. With `at`, only
   * those effective on or before the trading day of `at` (a later dividend's factor depends on
   * a close that has not happened yet at that instant).
   */
  adjustments(instrumentId: string, at?: Date): AdjustmentEvent[] {
    const series = this.seriesOf(instrumentId);
    const through = at === undefined ? series.lastActionIndex() : this.dayIndexAt(series, at.getTime());
    if (through < 0) return [];
    return series.appliedThrough(through).map(adjustmentEventOf);
  }
}
