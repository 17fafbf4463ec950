/**
 * Benchmark: the trading engine's trigger index (apps/server/src/modules/trading/engine/) with
 * 1,000,000 open positions, in memory, no database: how long one engine tick's price lookup
 * takes when the price moves on every instrument, how long the index takes to build, and how
 * much heap it holds.
 *
 *   npx tsx bench/engine-scan.bench.ts
 *
 * Positions are generated like real rows: spread evenly over every tradable instrument of the
 * simulator's universe (stocks, forex, digital currencies; not indexes), at the instrument's
 * reference price on its tick grid, long or short, 1–500 lots, leverage 1/2/5/10, margin and fee
 * from the server's own `openingAmounts`, stop-out ratio 1.00 or 0.80, and take-profit and
 * stop-loss 2–10 % away on 40 % of them (so about 1.8 million price entries). Random choices come
 * from a seeded generator, so every run builds the same book.
 *
 * A tick moves every instrument's last price by a random step (σ 0.05 %, a 2 % gap now and
 * then), asks the index for the entries each new price reaches (`priceHits`), and then does what
 * the engine would do with the answers: each position hit is closed (removed from the index) and
 * a new one opened at the current price (upserted), so the book stays at 1,000,000. Reported:
 * lookup time per tick (the figure the target is about: < 50 ms), the maintenance after it, and
 * the whole tick, median / p99 / max over BENCH_ENGINE_TICKS ticks (wall time, and the lookup's CPU
 * time too, which a busy shared machine disturbs less); build time; heap.
 *
 * Environment:
 *   BENCH_ENGINE_POSITIONS  open positions (default 1000000)
 *   BENCH_ENGINE_TICKS      measured ticks (default 1000)
 */
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { Dec, type Currency } from '../packages/contract/src/index.js';
import { universe } from '../packages/market-sim/src/universe/index.js';
import { openingAmounts, unitsOf } from '../apps/server/src/modules/trading/fees.js';
import { TriggerIndex, type IndexRow } from '../apps/server/src/modules/trading/engine/trigger-index.js';
import { runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { percentile } from './lib/stats.js';

const POSITIONS = envInt('BENCH_ENGINE_POSITIONS', 1_000_000);
const TICKS = envInt('BENCH_ENGINE_TICKS', 1000);
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
const random = rng(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** a standard normal draw (Box–Muller), for price steps of the generated path */
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

interface Instrument {
  id: string;
  scale: number;
  currency: Currency;
  /** last price in ticks of 10^-scale (an integer) */
  ticks: number;
}

const instruments: Instrument[] = universe
  .filter((d) => d.assetClass !== 'index')
  .map((d) => ({
    id: d.instrumentId,
    scale: d.priceScale,
    currency: d.currency as Currency,
    ticks: Number(new Dec(d.referencePrice).times(new Dec(10).pow(d.priceScale)).toFixed(0)),
  }));

/** Integer ticks → the decimal string an order row or a quote carries. */
function priceText(ticks: number, scale: number): string {
  if (scale === 0) return String(ticks);
  const s = String(ticks).padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

const HOLD_PASSED = new Date('2026-03-02T15:00:00Z');
const NOW = new Date('2026-03-03T15:00:00Z');
let serial = 0;

function position(inst: Instrument): IndexRow {
  serial += 1;
  const side = random() < 0.5 ? 'long' : 'short';
  const lots = 1 + Math.floor(random() * 500);
  const leverage = pick([1, 2, 5, 10]);
  const cost = priceText(inst.ticks, inst.scale);
  const { margin } = openingAmounts(new Dec(cost), unitsOf(lots, '1'), leverage, '0.0015', inst.currency);
  let takeProfit: string | null = null;
  let stopLoss: string | null = null;
  if (random() < 0.4) {
    // 2–10 % away, in whole ticks (integer arithmetic)
    const away = (bps: number) => Math.max(1, Math.floor((inst.ticks * bps) / 10_000));
    const up = inst.ticks + away(200 + Math.floor(random() * 800));
    const down = Math.max(1, inst.ticks - away(200 + Math.floor(random() * 800)));
    takeProfit = priceText(side === 'long' ? up : down, inst.scale);
    stopLoss = priceText(side === 'long' ? down : up, inst.scale);
  }
  return {
    id: `o_${serial.toString(36).padStart(8, '0')}`,
    instrumentId: inst.id,
    state: 'holding',
    side,
    currency: inst.currency,
    lots,
    lotSize: '1',
    price: null,
    costPrice: cost,
    margin: margin.toLedgerString(),
    stopOutRatio: random() < 0.5 ? '1.00' : '0.80',
    takeProfit,
    stopLoss,
    minHoldUntil: HOLD_PASSED,
    expiresAt: null,
    lockUntil: null,
  };
}

/** `median` is the value at index ⌊n/2⌋ (the upper middle one for an even count). */
const stats = (values: number[]) => ({
  median: percentile(values, 50),
  p99: percentile(values, 99),
  max: percentile(values, 100),
});
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

function main(): number {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `engine-scan bench: ${POSITIONS.toLocaleString('en')} open positions over ${instruments.length} instruments, ${TICKS} ticks`,
  );
  const base = heapMb();

  let started = performance.now();
  const rows: IndexRow[] = [];
  for (let i = 0; i < POSITIONS; i += 1) rows.push(position(instruments[i % instruments.length] as Instrument));
  const generateMs = performance.now() - started;
  const withRows = heapMb();

  const index = new TriggerIndex();
  started = performance.now();
  index.load(rows, NOW);
  const buildMs = performance.now() - started;
  const withIndex = heapMb();
  const loaded = index.stats();
  rows.length = 0;
  const indexOnly = heapMb();

  out(`generate rows        ${ms(generateMs).padStart(12)}   (heap of the rows ${(withRows - base).toFixed(0)} MB)`);
  out(
    `build index (load)   ${ms(buildMs).padStart(12)}   ${loaded.orders.toLocaleString('en')} orders, ${loaded.armed.toLocaleString('en')} price entries`,
  );
  out(
    `heap of the index    ${`${(withIndex - withRows).toFixed(0)} MB`.padStart(12)}   (${(((withIndex - withRows) * 1024 * 1024) / loaded.orders).toFixed(0)} bytes per position; heap used with the index alone: ${indexOnly.toFixed(0)} MB)`,
  );

  const lookup: number[] = [];
  const lookupCpu: number[] = [];
  const maintain: number[] = [];
  const whole: number[] = [];
  let hitsTotal = 0;
  let maxHits = 0;
  for (let tick = 0; tick < TICKS + 20; tick += 1) {
    // every instrument moves (test data: the step is drawn in floating point and rounded to whole ticks)
    for (const inst of instruments) {
      const sigma = random() < 0.002 ? 0.02 : 0.0005;
      inst.ticks = Math.max(1, inst.ticks + Math.round(inst.ticks * sigma * normal()));
    }
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const hits: { inst: Instrument; orderId: string }[] = [];
    for (const inst of instruments) {
      for (const h of index.priceHits(inst.id, priceText(inst.ticks, inst.scale)))
        hits.push({ inst, orderId: h.orderId });
    }
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    // what the engine does with the answers: close each position hit, a new one opens (the new
    // rows are generated before the clock starts again: only the index work is timed)
    const closed = new Map<string, IndexRow>();
    for (const h of hits) if (!closed.has(h.orderId)) closed.set(h.orderId, position(h.inst));
    const t1b = performance.now();
    for (const [orderId, fresh] of closed) {
      index.remove(orderId);
      index.upsert(fresh, NOW);
    }
    const t2 = performance.now() - (t1b - t1);
    if (tick < 20) continue; // warm-up
    lookup.push(t1 - t0);
    lookupCpu.push((c1.user + c1.system) / 1000);
    maintain.push(t2 - t1);
    whole.push(t2 - t0);
    hitsTotal += closed.size;
    maxHits = Math.max(maxHits, closed.size);
  }
  const l = stats(lookup);
  const lc = stats(lookupCpu);
  const m = stats(maintain);
  const w = stats(whole);
  out('');
  out(`per tick (${instruments.length} instruments move)     median          p99          max`);
  out(`  lookup (priceHits)      ${ms(l.median).padStart(12)} ${ms(l.p99).padStart(12)} ${ms(l.max).padStart(12)}`);
  out(`  lookup, CPU time        ${ms(lc.median).padStart(12)} ${ms(lc.p99).padStart(12)} ${ms(lc.max).padStart(12)}`);
  out(`  close + reopen the hits ${ms(m.median).padStart(12)} ${ms(m.p99).padStart(12)} ${ms(m.max).padStart(12)}`);
  out(`  whole tick              ${ms(w.median).padStart(12)} ${ms(w.p99).padStart(12)} ${ms(w.max).padStart(12)}`);
  out(
    `positions hit per tick: ${(hitsTotal / TICKS).toFixed(1)} on average, ${maxHits} at most; book at the end: ${index.stats().orders.toLocaleString('en')}`,
  );
  out(`heap used at the end: ${heapMb().toFixed(0)} MB`);
  const ok = l.median < TARGET_MS && l.p99 < TARGET_MS;
  out(`target: lookup < ${TARGET_MS} ms per tick (median and p99): ${ok ? 'met' : 'NOT met'}`);
  return ok ? 0 : 1;
}

runMain(main);
