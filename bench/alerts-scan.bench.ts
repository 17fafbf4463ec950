/**
 * Benchmark: the price-alert index (apps/server/src/modules/alerts/alerts.index.ts) with 1,000,000
 * active alerts, in memory, no database: how long one evaluation tick's lookup takes when every
 * instrument's price moves (docs/api.md §22.3: < 50 ms per tick), how long the index takes to load,
 * and how much heap it holds.
 *
 *   npx tsx bench/alerts-scan.bench.ts
 *
 * Alerts are spread over every instrument of the simulator's universe as users spread them: by a
 * Zipf law of popularity (the most watched instrument has about a sixth of all alerts), 35 %
 * `price_above` and 35 % `price_below` 0.5–15 % away from the reference price on the instrument's
 * tick grid, 15 % `change_up` and 15 % `change_down` of 1–10 %, one in five `daily`. Random choices
 * come from a seeded generator, so every run builds the same book.
 *
 * A tick moves every instrument's last price by a random step (σ 0.05 %, a 2 % gap now and then)
 * and does what the evaluation job does with the index (alerts.jobs.ts): for each instrument, the
 * quote's price and previous close, `hits`. Timed: that lookup (the figure the target is about),
 * and the maintenance after it: every `once` alert hit leaves the index and a new one is set at
 * the current price (so the book stays at 1,000,000), every `daily` one sleeps until the next
 * trading day, which comes every 200 ticks. Median / p99 / max over BENCH_ALERT_TICKS ticks (wall
 * time, and the lookup's CPU time, which a busy shared machine disturbs less).
 *
 * Environment:
 *   BENCH_ALERTS        active alerts (default 1000000)
 *   BENCH_ALERT_TICKS   measured ticks (default 1000)
 */
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import type { AlertKind } from '../packages/contract/src/index.js';
import { Dec } from '../packages/contract/src/index.js';
import { universe } from '../packages/market-sim/src/universe/index.js';
import { AlertIndex, type IndexedAlert } from '../apps/server/src/modules/alerts/alerts.index.js';
import { runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { percentile } from './lib/stats.js';

const ALERTS = envInt('BENCH_ALERTS', 1_000_000);
const TICKS = envInt('BENCH_ALERT_TICKS', 1000);
const DAY_TICKS = 200;
const TARGET_MS = 50;

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** mulberry32: a small seeded generator for the test data (choices, not money). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261129);
/** a standard normal draw (Box–Muller), for price steps of the generated path */
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

interface Instrument {
  id: string;
  scale: number;
  /** the previous close and the last price in ticks of 10^-scale (integers) */
  prevClose: number;
  ticks: number;
}

const instruments: Instrument[] = universe.map((d) => {
  const ticks = Number(new Dec(d.referencePrice).times(new Dec(10).pow(d.priceScale)).toFixed(0));
  return { id: d.instrumentId, scale: d.priceScale, prevClose: ticks, ticks };
});

/** Integer ticks → the decimal string a quote carries. */
function priceText(ticks: number, scale: number): string {
  if (scale === 0) return String(ticks);
  const s = String(ticks).padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** Zipf weights (s = 1) over the instruments in a shuffled order: cumulative, for picking. */
const cumulative: number[] = (() => {
  const order = instruments.map((_, i) => i).sort(() => random() - 0.5);
  const weights = new Array<number>(instruments.length).fill(0);
  order.forEach((at, rank) => (weights[at] = 1 / (rank + 1)));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();
function popular(): Instrument {
  const r = random();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return instruments[lo]!;
}

let serial = 0;
function alertOn(inst: Instrument): IndexedAlert {
  serial += 1;
  const r = random();
  const kind: AlertKind = r < 0.35 ? 'price_above' : r < 0.7 ? 'price_below' : r < 0.85 ? 'change_up' : 'change_down';
  let value: string;
  if (kind === 'price_above' || kind === 'price_below') {
    // 0.5–15 % away from the last price, whole ticks (integer arithmetic)
    const away = Math.max(1, Math.floor((inst.ticks * (50 + Math.floor(random() * 1450))) / 10_000));
    value = priceText(kind === 'price_above' ? inst.ticks + away : Math.max(1, inst.ticks - away), inst.scale);
  } else {
    value = `0.${String(100 + Math.floor(random() * 900)).padStart(4, '0')}`; // 1.00–9.99 %
  }
  return {
    id: `al_${serial.toString(36).padStart(8, '0')}`,
    instrumentId: inst.id,
    kind,
    repeat: random() < 0.2 ? 'daily' : 'once',
    value,
    firedDay: null,
  };
}

const stats = (values: number[]) => ({
  median: percentile(values, 50),
  p99: percentile(values, 99),
  max: percentile(values, 100),
});
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
const dayOf = (n: number) => new Date(Date.UTC(2031, 0, 2 + n)).toISOString().slice(0, 10);

async function main(): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `alerts-scan bench: ${ALERTS.toLocaleString('en')} active alerts over ${instruments.length} instruments, ${TICKS} ticks`,
  );
  const base = heapMb();
  let started = performance.now();
  const rows: IndexedAlert[] = [];
  for (let i = 0; i < ALERTS; i += 1) rows.push(alertOn(popular()));
  const generateMs = performance.now() - started;
  const withRows = heapMb();

  const index = new AlertIndex();
  started = performance.now();
  index.load(rows);
  const loadMs = performance.now() - started;
  const withIndex = heapMb();
  // the job's way (alerts.jobs.ts `loadAll`): pages of 10,000 staged, then the arrays sorted with
  // the event loop let go between them; the longest step is what a load holds the loop for
  const staged = new AlertIndex();
  let longestStep = 0;
  let stepStart = performance.now();
  const endStep = () => {
    const now = performance.now();
    longestStep = Math.max(longestStep, now - stepStart);
    stepStart = now;
  };
  for (let at = 0; at < rows.length; at += 10_000) {
    staged.stage(rows.slice(at, at + 10_000));
    endStep();
  }
  await staged.sortAll(async () => {
    endStep();
    await new Promise<void>((resolve) => setImmediate(resolve));
    stepStart = performance.now();
  });
  staged.clear();
  rows.length = 0;
  const indexOnly = heapMb();
  out(`generate rows        ${ms(generateMs).padStart(12)}   (heap of the rows ${(withRows - base).toFixed(0)} MB)`);
  out(
    `load the index       ${ms(loadMs).padStart(12)}   ${index.size.toLocaleString('en')} alerts on ${index.instruments().length} instruments`,
  );
  out(`staged load          ${ms(longestStep).padStart(12)}   the longest step the event loop is held for`);
  out(
    `heap of the index    ${`${(withIndex - withRows).toFixed(0)} MB`.padStart(12)}   (heap used with the index alone: ${indexOnly.toFixed(0)} MB)`,
  );

  const lookup: number[] = [];
  const lookupCpu: number[] = [];
  const maintain: number[] = [];
  const whole: number[] = [];
  let firedOnce = 0;
  let firedDaily = 0;
  let maxHits = 0;
  for (let tick = 0; tick < TICKS + 20; tick += 1) {
    const day = Math.floor(tick / DAY_TICKS);
    if (tick > 0 && tick % DAY_TICKS === 0) for (const inst of instruments) inst.prevClose = inst.ticks;
    for (const inst of instruments) {
      const sigma = random() < 0.002 ? 0.02 : 0.0005;
      inst.ticks = Math.max(1, inst.ticks + Math.round(inst.ticks * sigma * normal()));
    }
    const tradingDay = dayOf(day);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const hits: { inst: Instrument; ids: string[]; once: number; daily: number }[] = [];
    for (const inst of instruments) {
      const found = index.hits(
        inst.id,
        priceText(inst.ticks, inst.scale),
        priceText(inst.prevClose, inst.scale),
        tradingDay,
      );
      if (found.length === 0) continue;
      const once = found.filter((h) => h.repeat === 'once').length;
      hits.push({ inst, ids: found.map((h) => h.id), once, daily: found.length - once });
    }
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    // what the job does with the answers (the database's fire step left out): per instrument, the
    // once alerts leave and the daily ones sleep (`settle`); new alerts take the place of the once
    // ones (generated before the clock starts again), added in one merge
    const fresh = hits.flatMap((h) => Array.from({ length: h.once }, () => alertOn(h.inst)));
    const t1b = performance.now();
    for (const h of hits) index.settle(h.inst.id, h.ids, tradingDay);
    index.addAll(fresh);
    const t2 = performance.now() - (t1b - t1);
    if (tick < 20) continue; // warm-up
    lookup.push(t1 - t0);
    lookupCpu.push((c1.user + c1.system) / 1000);
    maintain.push(t2 - t1);
    whole.push(t2 - t0);
    let tickHits = 0;
    for (const h of hits) {
      firedOnce += h.once;
      firedDaily += h.daily;
      tickHits += h.once + h.daily;
    }
    maxHits = Math.max(maxHits, tickHits);
  }
  const l = stats(lookup);
  const lc = stats(lookupCpu);
  const m = stats(maintain);
  const w = stats(whole);
  out('');
  out(`per tick (${instruments.length} instruments move)     median          p99          max`);
  out(`  lookup (hits)           ${ms(l.median).padStart(12)} ${ms(l.p99).padStart(12)} ${ms(l.max).padStart(12)}`);
  out(`  lookup, CPU time        ${ms(lc.median).padStart(12)} ${ms(lc.p99).padStart(12)} ${ms(lc.max).padStart(12)}`);
  out(`  fire + replace the hits ${ms(m.median).padStart(12)} ${ms(m.p99).padStart(12)} ${ms(m.max).padStart(12)}`);
  out(`  whole tick              ${ms(w.median).padStart(12)} ${ms(w.p99).padStart(12)} ${ms(w.max).padStart(12)}`);
  out(
    `alerts hit per tick: ${((firedOnce + firedDaily) / TICKS).toFixed(1)} on average (${firedOnce} once, ${firedDaily} daily in all), ${maxHits} at most; index at the end: ${index.size.toLocaleString('en')}`,
  );
  out(`heap used at the end: ${heapMb().toFixed(0)} MB`);
  const ok = l.median < TARGET_MS && l.p99 < TARGET_MS;
  out(`target: lookup < ${TARGET_MS} ms per tick (median and p99): ${ok ? 'met' : 'NOT met'}`);
  return ok ? 0 : 1;
}

runMain(main);
