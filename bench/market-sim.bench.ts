/**
 * Benchmark: the market simulator's cost per question, on the test fixture universe, then on
 * the real universe the server serves (`universe`, default calendars, the default MARKET_SEED).
 *
 *   npx tsx bench/market-sim.bench.ts
 *
 * Per instrument: the first quote (a fresh simulator: walks the daily closes once and builds
 * one minute path), a repeated quote at the same instant and one a few minutes later (cached
 * path), a quote of a past instant on another day (one new minute path), 300 daily candles cold
 * (up to 300 minute paths) and warm, and one time-share day. Each figure is CPU time of this
 * process (user + system), which a busy shared machine disturbs less than wall time; the wall
 * time of the whole run is printed at the end.
 *
 * Real universe, at a Tuesday 15:00Z when every market trades: the first quote of every
 * instrument on a fresh simulator (walks the daily closes, builds the day's minute path), the
 * first quote of the next trading day (one new minute path each), a repeated quote (same
 * instant) and a quote one minute later each time (what the quote hub asks at every tick), in
 * µs per call over the whole universe, and one year of daily candles cold on a fresh simulator
 * for one instrument per class.
 *
 * Environment: BENCH_SIM_REPEAT  repetitions of the warm measurements (default 200)
 */
import { existsSync, readFileSync } from 'node:fs';
import { defaultCalendars, MarketSimulator, type InstrumentDef } from '../packages/market-sim/src/index.js';
import { fixtureConfig, fixtureUniverse } from '../packages/market-sim/src/test-fixtures.js';
import { universe } from '../packages/market-sim/src/universe/index.js';
import { runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';

const REPEAT = envInt('BENCH_SIM_REPEAT', 200);
const AT = new Date('2026-03-10T18:00:00Z');
const LATER = new Date('2026-03-10T18:07:00Z');
const PAST = new Date('2024-05-14T16:00:00Z');

/** CPU milliseconds of one run of `work`, averaged over `times` runs. */
function cpuMs(work: () => unknown, times = 1): number {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i += 1) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

const cell = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3)).padStart(11);

function main(): number {
  const wallStart = performance.now();
  let sim: MarketSimulator | undefined;
  const construct = cpuMs(() => (sim = new MarketSimulator(fixtureUniverse, fixtureConfig())));
  if (sim === undefined) throw new Error('no simulator');
  const s = sim;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`market-sim bench: ${fixtureUniverse.length} fixture instruments, CPU ms per operation`);
  out(`constructor${cell(construct)}`);
  out('');
  out(
    [
      'instrument'.padEnd(16),
      ...['1st quote', 'repeat', 'same day', 'past day', '300d cold', '300d warm', 'time-share'].map((h) =>
        h.padStart(11),
      ),
    ].join(''),
  );
  let firstTotal = 0;
  for (const def of fixtureUniverse) {
    const id = def.instrumentId;
    const first = cpuMs(() => s.quote(id, AT));
    firstTotal += first;
    const row = [
      first,
      cpuMs(() => s.quote(id, AT), REPEAT),
      cpuMs(() => s.quote(id, LATER), REPEAT),
      cpuMs(() => s.quote(id, PAST)),
      cpuMs(() => s.candles(id, '1d', { at: AT, limit: 300 })),
      cpuMs(() => s.candles(id, '1d', { at: AT, limit: 300 }), Math.max(1, REPEAT / 10)),
      cpuMs(() => s.timeShare(id, AT), Math.max(1, REPEAT / 10)),
    ];
    out(`${id.padEnd(16)}${row.map(cell).join('')}`);
  }
  out('');
  out(`first quote of every instrument, together:       ${cell(firstTotal)} ms`);
  const warmAll = cpuMs(() => {
    for (const def of fixtureUniverse) s.quote(def.instrumentId, AT);
  }, REPEAT);
  out(
    `warm quote of every instrument, together:        ${cell(warmAll)} ms (${((warmAll * 1000) / fixtureUniverse.length).toFixed(1)} µs each)`,
  );
  const fresh = new MarketSimulator(fixtureUniverse, fixtureConfig('another seed'));
  const allCold = cpuMs(() => fixtureUniverse.map((def) => fresh.quote(def.instrumentId, AT)));
  out(`first quote of every instrument, fresh simulator: ${cell(allCold)} ms (code already warm)`);
  out('');
  realUniverse(out);
  out(`wall time of this run: ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
  return 0;
}

const REAL_SEED = 'meridian-2026';
const REAL_AT = new Date('2026-03-03T15:00:00Z');
const REAL_NEXT_DAY = new Date('2026-03-04T15:00:00Z');
const MINUTE_MS = 60_000;

/** CPU ms of `work(def)` for every instrument, once each, in universe order. */
function perInstrument(defs: readonly InstrumentDef[], work: (def: InstrumentDef) => unknown): Map<string, number> {
  const costs = new Map<string, number>();
  for (const def of defs)
    costs.set(
      def.instrumentId,
      cpuMs(() => work(def)),
    );
  return costs;
}

function realUniverse(out: (line: string) => void): void {
  const classOf = (def: InstrumentDef) =>
    `${def.market} ${def.assetClass}${def.board === 'listed' || def.assetClass !== 'stock' ? '' : ` (${def.board})`}`;
  const classes = [...new Set(universe.map(classOf))];
  const config = () => ({ seed: REAL_SEED, calendars: defaultCalendars });
  let sim: MarketSimulator | undefined;
  const construct = cpuMs(() => (sim = new MarketSimulator(universe, config())));
  if (sim === undefined) throw new Error('no simulator');
  const s = sim;
  out(
    `real universe: ${universe.length} instruments, seed ${REAL_SEED}, default calendars, at ${REAL_AT.toISOString()}; CPU ms`,
  );
  out(`constructor${cell(construct)}`);

  const first = perInstrument(universe, (def) => s.quote(def.instrumentId, REAL_AT));
  const nextDay = perInstrument(universe, (def) => s.quote(def.instrumentId, REAL_NEXT_DAY));
  out('');
  out(
    `${'class'.padEnd(18)}${'count'.padStart(6)}${'1st quote'.padStart(11)}${'max'.padStart(11)}${'next day'.padStart(11)}${'max'.padStart(11)}  (mean and max per instrument)`,
  );
  for (const name of classes) {
    const ids = universe.filter((def) => classOf(def) === name).map((def) => def.instrumentId);
    const a = ids.map((id) => first.get(id) ?? 0);
    const b = ids.map((id) => nextDay.get(id) ?? 0);
    const mean = (values: number[]) => values.reduce((x, y) => x + y, 0) / values.length;
    out(
      `${name.padEnd(18)}${String(ids.length).padStart(6)}${cell(mean(a))}${cell(Math.max(...a))}${cell(mean(b))}${cell(Math.max(...b))}`,
    );
  }
  const total = (costs: Map<string, number>) => [...costs.values()].reduce((x, y) => x + y, 0);
  out(
    `all instruments, together:${cell(total(first))} ms first quote (fresh simulator), ${cell(total(nextDay)).trim()} ms first quote of the next day`,
  );
  out(
    '(indexes come after their members in universe order, so their first quote finds the members walked and their day paths built)',
  );

  const warmSame = cpuMs(() => {
    for (const def of universe) s.quote(def.instrumentId, REAL_NEXT_DAY);
  }, REPEAT);
  let minute = 0;
  const minutes = Math.max(10, Math.min(120, REPEAT));
  const warmNext = cpuMs(() => {
    minute += 1;
    const at = new Date(REAL_NEXT_DAY.getTime() + minute * MINUTE_MS);
    for (const def of universe) s.quote(def.instrumentId, at);
  }, minutes);
  out(
    `warm quote, same instant:        ${((warmSame * 1000) / universe.length).toFixed(1)} µs per call (${REPEAT} passes over the universe)`,
  );
  out(
    `warm quote, one minute later:    ${((warmNext * 1000) / universe.length).toFixed(1)} µs per call (${minutes} passes, a new minute each)`,
  );

  out('');
  out('one year of daily candles (limit 252), fresh simulator per instrument: CPU ms');
  for (const id of [
    'i_usd_AAPL',
    'i_mxn_WALMEX',
    'i_eur_SAN',
    'i_crypto_BTC-USDT',
    'i_forex_EURUSD',
    'i_usd_SPX',
    'i_mxn_IPC',
  ]) {
    const fresh = new MarketSimulator(universe, config());
    const cold = cpuMs(() => fresh.candles(id, '1d', { at: REAL_AT, limit: 252 }));
    const warm = cpuMs(() => fresh.candles(id, '1d', { at: REAL_AT, limit: 252 }), Math.max(1, REPEAT / 10));
    out(`${id.padEnd(18)} cold${cell(cold)}  warm${cell(warm)}`);
  }
  out('');
  warmingInSteps(out, config);
}

/** CPU time of this thread (ms): one step of a generator is far shorter than the process's CPU clock ticks. */
const threadCpuMs = existsSync('/proc/thread-self/schedstat')
  ? () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  : () => cpuMs(() => undefined);

/**
 * What a server runs in slices (issue 18): the whole universe's `warmSteps` (what a quote needs)
 * and `statsSteps` (its 52-week figures) on a fresh simulator, in total and the longest single
 * step, in this thread's CPU time. A slice of sliced work holds the loop for its 5 ms plus at
 * most one step.
 */
function warmingInSteps(
  out: (line: string) => void,
  config: () => { seed: string; calendars: typeof defaultCalendars },
): void {
  const sim = new MarketSimulator(universe, config());
  const run = (make: (id: string) => Generator<void, void, void>) => {
    let total = 0;
    let longest = 0;
    let steps = 0;
    for (const def of universe) {
      const generator = make(def.instrumentId);
      for (;;) {
        const before = threadCpuMs();
        const next = generator.next();
        const used = threadCpuMs() - before;
        total += used;
        longest = Math.max(longest, used);
        steps += 1;
        if (next.done) break;
      }
    }
    return { total, longest, steps };
  };
  const warm = run((id) => sim.warmSteps(id, REAL_AT));
  const stats = run((id) => sim.statsSteps(id, REAL_AT));
  const check = cpuMs(() => {
    for (const def of universe) sim.isStatsWarm(def.instrumentId, REAL_AT);
  }, REPEAT);
  out('warming in steps, fresh simulator, whole universe (thread CPU ms): total, longest step, steps');
  out(`warmSteps  (quotes)          ${cell(warm.total)}${cell(warm.longest)}${String(warm.steps).padStart(9)}`);
  out(`statsSteps (52-week figures) ${cell(stats.total)}${cell(stats.longest)}${String(stats.steps).padStart(9)}`);
  out(`isStatsWarm of every instrument, warm: ${((check * 1000) / universe.length).toFixed(2)} µs per call`);
  out('');
}

runMain(main);
