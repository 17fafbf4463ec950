/**
 * The figures of docs/api.md §24.1–§24.2, exact: Money values are integers of the currency's
 * smallest unit (BigInt), rates are BigInt fractions, and each figure is rounded once, at the
 * end, to 8 decimals half-up (away from zero at the half, as Money's `half_up`).
 */
import { Money, type Currency, type Dec } from '@brokerage/contract';

export const RATE_DECIMALS = 8;
const RATE_UNIT = 10n ** BigInt(RATE_DECIMALS);

/** A valuation day of the series: value at 24:00 and the day's external flow, at the currency's scale. */
export interface DayPoint {
  date: string;
  value: bigint;
  flow: bigint;
}

/** Decimals of the currency's scale (Money's own wire form tells them). */
function scaleOf(currency: Currency): number {
  const zero = Money.zero(currency).toString();
  const dot = zero.indexOf('.');
  return dot < 0 ? 0 : zero.length - dot - 1;
}

/** Money → integer units of the currency's scale, rounded half-up (the one rounding of a day's value). */
export function toUnits(amount: Dec | string, currency: Currency): bigint {
  // Money.toString(): half-up at the currency's scale
  return BigInt(Money.of(amount, currency).toString().replace('.', ''));
}

/** Integer units → the wire string at the currency's scale. */
export function fromUnits(units: bigint, currency: Currency): string {
  return fixed(units, scaleOf(currency));
}

function fixed(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** n / d rounded once to 8 decimals, half-up (away from zero at the half); 0 when d = 0. */
export function rateOf(n: bigint, d: bigint): string {
  if (d === 0n) return fixed(0n, RATE_DECIMALS);
  const negative = n < 0n !== d < 0n && n !== 0n;
  const q = (2n * abs(n) * RATE_UNIT + abs(d)) / (2n * abs(d));
  return fixed(negative ? -q : q, RATE_DECIMALS);
}

/** A decimal string → an exact fraction [n, d]. */
export function fractionOf(text: string): [bigint, bigint] {
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const n = BigInt(`${whole}${frac}`) * (text.startsWith('-') ? -1n : 1n);
  return [n, 10n ** BigInt(frac.length)];
}

export interface SeriesFigures {
  /** per day of `points` (the first is the base day: 0 profit, 0 twr) */
  days: { date: string; value: bigint; flow: bigint; profit: bigint; twr: string; rate: string }[];
  startValue: bigint;
  endValue: bigint;
  netFlow: bigint;
  profit: bigint;
  twr: string;
  mwr: string;
}

/**
 * Every figure of §24.1 from the series: profit(d) = value(d) − value(d−1) − flow(d);
 * TWR = Π (1 + r_d) − 1 with 1 + r_d = (value(d) − flow(d)) / value(d−1) (r_d = 0 where
 * value(d−1) = 0), exact, rounded once; modified Dietz MWR = profit·T / (start·T + Σ flow_d·(T − t_d)).
 */
export function figures(points: DayPoint[]): SeriesFigures {
  const [base] = points;
  if (!base) throw new Error('a series has at least its base day');
  const chain = new TwrChain();
  let profit = 0n;
  let netFlow = 0n;
  const days: SeriesFigures['days'] = [
    { date: base.date, value: base.value, flow: 0n, profit: 0n, twr: rateOf(0n, 1n), rate: rateOf(0n, 1n) },
  ];
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1]!;
    const day = points[i]!;
    const dayProfit = day.value - prev.value - day.flow;
    profit += dayProfit;
    netFlow += day.flow;
    if (prev.value !== 0n) chain.times(day.value - day.flow, prev.value);
    days.push({
      date: day.date,
      value: day.value,
      flow: day.flow,
      profit: dayProfit,
      twr: chain.rate(),
      rate: rateOf(dayProfit, prev.value),
    });
  }
  const T = BigInt(points.length - 1);
  let weighted = base.value * T;
  for (let t = 1; t < points.length; t++) weighted += points[t]!.flow * (T - BigInt(t));
  return {
    days,
    startValue: base.value,
    endValue: points[points.length - 1]!.value,
    netFlow,
    profit,
    twr: days[days.length - 1]!.twr,
    mwr: rateOf(profit * T, weighted),
  };
}

const K = 512n;
const ONE = 1n << K;
const HALF = 1n << (K - 1n);

/**
 * Π (p_k / q_k) − 1 rounded once to 8 decimals, for every prefix, without dividing the exact
 * product's growing fraction each day (a year of days is an 8,000-bit fraction, and BigInt
 * division of it 366 times costs ~150 ms). It keeps the exact factors
 * and a 512-bit fixed-point value a ≤ 2^512·Π with a proven bound on a's error (each floor loses
 * < 1, then grows with the later factors). The rounding of the approximation is the rounding of
 * the exact value unless the exact value could lie on the other side of a half unit: only then
 * the exact fraction is divided. Any factor ≤ 0 takes the exact path for good.
 */
class TwrChain {
  /** the exact factors, multiplied out only when the approximation cannot decide */
  private readonly factors: [bigint, bigint][] = [];
  private approx: bigint | null = ONE;
  private error = 0n;

  times(p: bigint, q: bigint): void {
    this.factors.push([p, q]);
    if (this.approx === null) return;
    if (p <= 0n || q <= 0n) {
      this.approx = null;
      return;
    }
    this.approx = (this.approx * p) / q;
    this.error = (this.error * p + q - 1n) / q + 1n;
  }

  rate(): string {
    if (this.approx !== null) {
      const x = this.approx - ONE;
      const negative = x < 0n;
      const scaled = (negative ? -x : x) * RATE_UNIT;
      const rest = (scaled + HALF) % ONE;
      const margin = (this.error + 1n) * RATE_UNIT;
      // the exact value is within ± margin of the approximation (in units of 2^-512 per 10^-8)
      if (rest > margin && rest < ONE - margin) {
        const q = (scaled + HALF) >> K;
        return fixed(negative && q !== 0n ? -q : q, RATE_DECIMALS);
      }
    }
    let num = 1n;
    let den = 1n;
    for (const [p, q] of this.factors) {
      num *= p;
      den *= q;
    }
    return rateOf(num - den, den);
  }
}

/**
 * Weights of a split summing to exactly 1 at 8 decimals: each value / total floored, then the
 * units left over go one each to the largest remainders (ties: the larger value, then the key).
 * Zero total: every weight 0.
 */
export function weightsOf(values: { key: string; value: bigint }[]): Map<string, string> {
  const total = values.reduce((s, v) => s + v.value, 0n);
  const out = new Map<string, string>();
  if (total <= 0n) {
    for (const v of values) out.set(v.key, fixed(0n, RATE_DECIMALS));
    return out;
  }
  const parts = values.map((v) => {
    const scaled = v.value * RATE_UNIT;
    const floor = scaled >= 0n ? scaled / total : -((-scaled + total - 1n) / total);
    return { key: v.key, value: v.value, floor, rest: scaled - floor * total };
  });
  let left = RATE_UNIT - parts.reduce((s, p) => s + p.floor, 0n);
  const order = [...parts].sort((a, b) =>
    a.rest !== b.rest
      ? b.rest > a.rest
        ? 1
        : -1
      : a.value !== b.value
        ? b.value > a.value
          ? 1
          : -1
        : a.key < b.key
          ? -1
          : 1,
  );
  for (const p of order) {
    if (left <= 0n) break;
    p.floor += 1n;
    left -= 1n;
  }
  for (const p of parts) out.set(p.key, fixed(p.floor, RATE_DECIMALS));
  return out;
}

/** YYYY-MM-DD ± days (calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The same date `months` earlier, clamped to that month's last day. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
