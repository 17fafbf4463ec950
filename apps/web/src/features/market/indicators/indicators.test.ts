/**
 * The indicator maths against references that are not the code under test: published worked
 * examples (StockCharts' ChartSchool tables for SMA/EMA, Bollinger Bands and Wilder's RSI),
 * small fixtures computed by hand from the definitions, and naive whole-series implementations
 * written here straight from the textbook formulas (O(n · period), no running state).
 */
import { describe, expect, it } from 'vitest';
import { ChartIndicators } from './engine';
import { bollStep, emaLinesStep, kdjStep, macdStep, maStep, rsiStep, volStep, type Bar, type Step } from './indicators';
import { defaultParams } from './settings';

/** Bars from closes only (open = previous close, high/low around them), for close-based indicators. */
function barsOf(closes: readonly number[]): Bar[] {
  return closes.map((close, i) => ({
    time: 1_700_000_000 + i * 86_400,
    open: closes[i - 1] ?? close,
    high: close,
    low: close,
    close,
    volume: 1000 + i,
  }));
}

/** Runs a step over every bar, from scratch. */
function run<S>(calc: Step<S>, bars: readonly Bar[]): (number | null)[][] {
  let state = calc.initial;
  return bars.map((_, index) => {
    const [next, values] = calc.step(state, bars, index);
    state = next;
    return [...values];
  });
}

const column = (rows: (number | null)[][], i: number) => rows.map((row) => row[i] ?? null);
const round = (values: (number | null)[], places: number) =>
  values.map((v) => (v === null ? null : Number(v.toFixed(places))));

/** A deterministic random walk (a small LCG), for comparisons with the naive references. */
function randomBars(count: number, seed = 7): Bar[] {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  let close = 100;
  return Array.from({ length: count }, (_, i) => {
    const open = close;
    close = Math.max(1, close + (next() - 0.5) * 4);
    const high = Math.max(open, close) + next() * 2;
    const low = Math.min(open, close) - next() * 2;
    return { time: 1_700_000_000 + i * 300, open, high, low, close, volume: Math.round(1000 + next() * 9000) };
  });
}

/* ---------- Naive references, from the definitions ---------- */

function naiveSma(xs: readonly number[], n: number): (number | null)[] {
  return xs.map((_, t) => {
    if (t < n - 1) return null;
    let sum = 0;
    for (let j = t - n + 1; j <= t; j += 1) sum += xs[j] ?? 0;
    return sum / n;
  });
}

/** EMA as its explicit weighted sum: Σ α(1−α)^j x(t−j) over the bars after the seed, plus (1−α)^k × the seed SMA. */
function naiveEma(xs: readonly (number | null)[], n: number): (number | null)[] {
  const start = xs.findIndex((x) => x !== null);
  const defined = xs.slice(start) as number[];
  const alpha = 2 / (n + 1);
  const seed = naiveSma(defined, n)[n - 1] ?? null;
  const out = defined.map((_, t) => {
    if (t < n - 1 || seed === null) return null;
    let ema = (1 - alpha) ** (t - (n - 1)) * seed;
    for (let j = 0; j < t - (n - 1); j += 1) ema += alpha * (1 - alpha) ** j * (defined[t - j] ?? 0);
    return ema;
  });
  return [...xs.slice(0, start).map(() => null), ...out];
}

function naivePopulationStd(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
}

function naiveRsi(closes: readonly number[], n: number): (number | null)[] {
  const out: (number | null)[] = closes.map(() => null);
  const gains = closes.map((c, i) => (i === 0 ? 0 : Math.max(c - (closes[i - 1] ?? c), 0)));
  const losses = closes.map((c, i) => (i === 0 ? 0 : Math.max((closes[i - 1] ?? c) - c, 0)));
  if (closes.length <= n) return out;
  let avgGain = gains.slice(1, n + 1).reduce((a, b) => a + b, 0) / n;
  let avgLoss = losses.slice(1, n + 1).reduce((a, b) => a + b, 0) / n;
  const rsi = () => (avgLoss === 0 ? (avgGain === 0 ? 50 : 100) : 100 - 100 / (1 + avgGain / avgLoss));
  out[n] = rsi();
  for (let t = n + 1; t < closes.length; t += 1) {
    avgGain = (avgGain * (n - 1) + (gains[t] ?? 0)) / n;
    avgLoss = (avgLoss * (n - 1) + (losses[t] ?? 0)) / n;
    out[t] = rsi();
  }
  return out;
}

function naiveKdj(bars: readonly Bar[], n: number, m1: number, m2: number): [number, number, number][] {
  let k = 50;
  let d = 50;
  const out: [number, number, number][] = [];
  for (let t = n - 1; t < bars.length; t += 1) {
    const window = bars.slice(t - n + 1, t + 1);
    const hh = Math.max(...window.map((b) => b.high));
    const ll = Math.min(...window.map((b) => b.low));
    const rsv = hh === ll ? 50 : (((bars[t]?.close ?? 0) - ll) / (hh - ll)) * 100;
    k = (k * (m1 - 1) + rsv) / m1;
    d = (d * (m2 - 1) + k) / m2;
    out.push([k, d, 3 * k - 2 * d]);
  }
  return out;
}

function expectClose(actual: (number | null)[], expected: (number | null)[], digits = 9) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, i) => {
    const want = expected[i];
    if (want === null || want === undefined) expect(value, `index ${i}`).toBeNull();
    else expect(value, `index ${i}`).toBeCloseTo(want, digits);
  });
}

/* ---------- Published worked examples ---------- */

/**
 * StockCharts ChartSchool, "Moving Averages - Simple and Exponential": 10-day SMA and EMA of 30
 * closes (the closes of their spreadsheet, to four decimals; the article shows them in cents).
 */
const stockChartsMa = {
  closes: [
    22.2734, 22.194, 22.0847, 22.1741, 22.184, 22.1344, 22.2337, 22.4323, 22.2436, 22.2933, 22.1542, 22.3926, 22.3816,
    22.6109, 23.3558, 24.0519, 23.753, 23.8324, 23.9516, 23.6338, 23.8225, 23.8722, 23.6537, 23.187, 23.0976, 23.326,
    22.6805, 23.0976, 22.4025, 22.1725,
  ],
  sma10: [
    22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69,
    23.61, 23.51, 23.43, 23.28, 23.13,
  ],
  ema10: [
    22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39,
    23.26, 23.23, 23.08, 22.92,
  ],
};

/**
 * StockCharts ChartSchool, "Relative Strength Index (RSI)": Wilder's 14-period RSI of 33 closes
 * (the closes of their spreadsheet, to four decimals).
 */
const stockChartsRsi = {
  closes: [
    44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614,
    46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3548,
    44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
  ],
  rsi14: [
    70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46,
    37.3, 33.08, 37.77,
  ],
};

describe('moving averages against the StockCharts 10-day table', () => {
  it('gives the published SMA and EMA to the cent', () => {
    const rows = run(maStep([10]), barsOf(stockChartsMa.closes));
    expect(round(column(rows, 0).slice(9), 2)).toEqual(stockChartsMa.sma10);
    expect(column(rows, 0).slice(0, 9)).toEqual(Array(9).fill(null));
    const ema = run(emaLinesStep([10]), barsOf(stockChartsMa.closes));
    expect(round(column(ema, 0).slice(9), 2)).toEqual(stockChartsMa.ema10);
  });
});

describe("Wilder's RSI against the StockCharts 14-period table", () => {
  it('gives the published values to 0.01 from the fifteenth close on', () => {
    const rows = run(rsiStep([14]), barsOf(stockChartsRsi.closes));
    const rsi = column(rows, 0);
    expect(rsi.slice(0, 14)).toEqual(Array(14).fill(null));
    // The table's first average gain and loss: 0.2384 and 0.0996.
    const calc = rsiStep([14]);
    const bars = barsOf(stockChartsRsi.closes.slice(0, 15));
    const state = bars.reduce((s, _, index) => calc.step(s, bars, index)[0], calc.initial);
    expect(state.periods[0]?.avgGain?.toFixed(4)).toBe('0.2384');
    expect(state.periods[0]?.avgLoss?.toFixed(4)).toBe('0.0996');
    expect(round(rsi.slice(14), 2)).toEqual(stockChartsRsi.rsi14);
  });
});

/**
 * StockCharts ChartSchool, "Bollinger Bands": BOLL(20, 2) of 42 closes; the first two rows of
 * the table (middle, deviation, upper, lower): 88.71, 1.29, 91.29, 86.12 and 89.05, 1.45, 91.95, 86.14.
 */
const stockChartsBoll = [
  86.1557, 89.0867, 88.7829, 90.3228, 89.0671, 91.1453, 89.4397, 89.175, 86.9302, 87.6752, 86.9596, 89.4299, 89.3221,
  88.7241, 87.4497, 87.2634, 89.4985, 87.9006, 89.126, 90.7043, 92.9001, 92.9784, 91.8021, 92.6647, 92.6843, 92.3021,
  92.7725, 92.5373, 92.949, 93.2039, 91.0669, 89.8318, 89.7435, 90.3994, 90.7387, 88.0177, 88.0867, 88.8439, 90.7781,
  90.5416, 91.3894, 90.65,
];

describe('Bollinger bands against the StockCharts table', () => {
  it('give the published bands (population deviation) to the cent', () => {
    const rows = run(bollStep(20, 2), barsOf(stockChartsBoll));
    expect(rows[18]).toEqual([null, null, null]);
    expect(round(rows[19] ?? [], 2)).toEqual([88.71, 91.29, 86.12]);
    expect(round(rows[20] ?? [], 2)).toEqual([89.05, 91.95, 86.14]);
    const deviation = (row: (number | null)[] | undefined) => ((row?.[1] ?? 0) - (row?.[0] ?? 0)) / 2;
    expect(deviation(rows[19]).toFixed(2)).toBe('1.29');
    expect(deviation(rows[20]).toFixed(2)).toBe('1.45');
  });
});

/* ---------- Hand-computed fixtures ---------- */

describe('Bollinger bands', () => {
  it('use the population standard deviation (2, 4, 4, 4, 5, 5, 7, 9: mean 5, deviation 2)', () => {
    const rows = run(bollStep(8, 2), barsOf([2, 4, 4, 4, 5, 5, 7, 9]));
    expect(rows[6]).toEqual([null, null, null]);
    expect(rows[7]).toEqual([5, 9, 1]);
  });

  it('slide the window: the ninth close drops the first', () => {
    // Window 4, 4, 4, 5, 5, 7, 9, 10: mean 6, squared deviations 4+4+4+1+1+1+9+16 = 40, deviation √5.
    const rows = run(bollStep(8, 1.5), barsOf([2, 4, 4, 4, 5, 5, 7, 9, 10]));
    const [mid, up, low] = rows[8] ?? [];
    expect(mid).toBe(6);
    expect(up).toBeCloseTo(6 + 1.5 * Math.sqrt(5), 12);
    expect(low).toBeCloseTo(6 - 1.5 * Math.sqrt(5), 12);
  });
});

describe('EMA and MACD', () => {
  it('seed the EMA with the simple average, then smooth by 2 / (n + 1)', () => {
    // EMA(3) of 1, 2, 3, 10: seed (1 + 2 + 3) / 3 = 2, then 0.5 × 10 + 0.5 × 2 = 6, then 0.5 × 4 + 0.5 × 6 = 5.
    expect(column(run(emaLinesStep([3]), barsOf([1, 2, 3, 10, 4])), 0)).toEqual([null, null, 2, 6, 5]);
  });

  it('on a straight ramp DIF settles at exactly (26 − 12) / 2 = 7 and the histogram at 0', () => {
    // On close(t) = t an SMA-seeded EMA(n) lags by (n − 1) / 2 from its first value on, so
    // EMA12 − EMA26 = (25 − 11) / 2 = 7 as soon as both are defined.
    const rows = run(macdStep(12, 26, 9), barsOf(Array.from({ length: 60 }, (_, t) => t)));
    expect(rows[24]).toEqual([null, null, null]);
    expect(rows[25]?.[0]).toBeCloseTo(7, 12);
    expect(rows[32]?.[1]).toBeNull();
    expect(rows[33]?.[1]).toBeCloseTo(7, 12);
    expect(rows[59]?.[0]).toBeCloseTo(7, 12);
    expect(rows[59]?.[2]).toBeCloseTo(0, 12);
  });
});

describe('RSI edges', () => {
  it('is 100 without losses and 50 without any move', () => {
    expect(column(run(rsiStep([3]), barsOf([1, 2, 3, 4, 5])), 0)).toEqual([null, null, null, 100, 100]);
    expect(column(run(rsiStep([3]), barsOf([5, 5, 5, 5])), 0)).toEqual([null, null, null, 50]);
  });
});

describe('KDJ', () => {
  it('starts K and D at 50 and smooths RSV by thirds (hand-computed, n = 3)', () => {
    const bars: Bar[] = [
      { time: 1, open: 10, high: 11, low: 9, close: 10, volume: 1 },
      { time: 2, open: 10, high: 12, low: 10, close: 11, volume: 1 },
      { time: 3, open: 11, high: 13, low: 10, close: 13, volume: 1 },
      { time: 4, open: 13, high: 13, low: 11, close: 11, volume: 1 },
    ];
    const rows = run(kdjStep(3, 3, 3), bars);
    expect(rows[1]).toEqual([null, null, null]);
    // Bar 3: highest 13, lowest 9, RSV = (13 − 9) / 4 × 100 = 100; K = (2 × 50 + 100) / 3 = 200/3;
    // D = (2 × 50 + 200/3) / 3 = 500/9; J = 3K − 2D = 800/9.
    expect(rows[2]?.[0]).toBeCloseTo(200 / 3, 12);
    expect(rows[2]?.[1]).toBeCloseTo(500 / 9, 12);
    expect(rows[2]?.[2]).toBeCloseTo(800 / 9, 12);
    // Bar 4: highest 13, lowest 10, RSV = 1/3 × 100; K = (400/3 + 100/3) / 3 = 500/9; D = (1000/9 + 500/9) / 3 = 500/9.
    expect(rows[3]?.[0]).toBeCloseTo(500 / 9, 12);
    expect(rows[3]?.[1]).toBeCloseTo(500 / 9, 12);
  });

  it('takes RSV = 50 when the window has no range', () => {
    const rows = run(kdjStep(2, 3, 3), barsOf([7, 7, 7]));
    expect(rows[1]).toEqual([50, 50, 50]);
  });
});

describe('VOL', () => {
  it('shows the volume and its simple averages', () => {
    const rows = run(volStep([2, 3]), barsOf([1, 1, 1, 1]));
    expect(rows.map((r) => r[0])).toEqual([1000, 1001, 1002, 1003]);
    expect(column(rows, 1)).toEqual([null, 1000.5, 1001.5, 1002.5]);
    expect(column(rows, 2)).toEqual([null, null, 1001, 1002]);
  });
});

/* ---------- Against the naive references on a long random walk ---------- */

describe('on 600 random bars the running computations match the definitions', () => {
  const bars = randomBars(600);
  const closes = bars.map((b) => b.close);
  const engine = new ChartIndicators(['ma', 'ema', 'boll', 'vol', 'macd', 'rsi', 'kdj'], defaultParams, bars);
  const col = (kind: Parameters<typeof engine.series>[0], i: number) => engine.series(kind).map((v) => v[i] ?? null);

  it('MA and VOL', () => {
    defaultParams.ma.forEach((n, i) => expectClose(col('ma', i), naiveSma(closes, n)));
    const volumes = bars.map((b) => b.volume);
    expectClose(col('vol', 0), volumes);
    defaultParams.vol.forEach((n, i) => expectClose(col('vol', i + 1), naiveSma(volumes, n), 6));
  });

  it('EMA and MACD', () => {
    defaultParams.ema.forEach((n, i) => expectClose(col('ema', i), naiveEma(closes, n)));
    const fast = naiveEma(closes, 12);
    const slow = naiveEma(closes, 26);
    const dif = fast.map((f, i) => (f !== null && slow[i] !== null ? f - (slow[i] ?? 0) : null));
    const dea = naiveEma(dif, 9);
    expectClose(col('macd', 0), dif);
    expectClose(col('macd', 1), dea);
    expectClose(
      col('macd', 2),
      dif.map((d, i) => (d !== null && dea[i] !== null ? d - (dea[i] ?? 0) : null)),
    );
  });

  it('BOLL', () => {
    const mid = naiveSma(closes, 20);
    expectClose(col('boll', 0), mid);
    const std = closes.map((_, t) => (t < 19 ? null : naivePopulationStd(closes.slice(t - 19, t + 1))));
    expectClose(
      col('boll', 1),
      mid.map((m, i) => (m === null ? null : m + 2 * (std[i] ?? 0))),
    );
    expectClose(
      col('boll', 2),
      mid.map((m, i) => (m === null ? null : m - 2 * (std[i] ?? 0))),
    );
  });

  it('RSI', () => {
    defaultParams.rsi.forEach((n, i) => expectClose(col('rsi', i), naiveRsi(closes, n)));
  });

  it('KDJ', () => {
    const reference = naiveKdj(bars, 9, 3, 3);
    const rows = engine.series('kdj');
    expect(rows.slice(0, 8).every((r) => r.every((v) => v === null))).toBe(true);
    reference.forEach((want, i) => {
      const got = rows[i + 8] ?? [];
      want.forEach((value, j) => expect(got[j]).toBeCloseTo(value, 9));
    });
  });
});
