/**
 * Benchmark: the market simulator's cost per question, on the test fixture universe.
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
 * Environment: BENCH_SIM_REPEAT  repetitions of the warm measurements (default 200)
 */
import { MarketSimulator } from '../packages/market-sim/src/index.js';
import { fixtureConfig, fixtureUniverse } from '../packages/market-sim/src/test-fixtures.js';

const REPEAT = Number(process.env.BENCH_SIM_REPEAT ?? '200');
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

function main(): void {
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
    ['instrument'.padEnd(16), ...['1st quote', 'repeat', 'same day', 'past day', '300d cold', '300d warm', 'time-share'].map((h) => h.padStart(11))].join(''),
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
  out(`warm quote of every instrument, together:        ${cell(warmAll)} ms (${((warmAll * 1000) / fixtureUniverse.length).toFixed(1)} µs each)`);
  const fresh = new MarketSimulator(fixtureUniverse, fixtureConfig('another seed'));
  const allCold = cpuMs(() => fixtureUniverse.map((def) => fresh.quote(def.instrumentId, AT)));
  out(`first quote of every instrument, fresh simulator: ${cell(allCold)} ms (code already warm)`);
  out(`wall time of this run: ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
}

main();
