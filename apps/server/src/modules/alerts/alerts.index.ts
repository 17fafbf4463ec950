/**
 * The evaluation job's in-memory index of active alerts (docs/api.md §22.3): per instrument, the
 * thresholds in four arrays sorted by their key (a price, or a day's change rate), so a tick asks
 * only for the alerts the new price reaches (one binary search per array), never for all of them.
 *
 * - `priceUp` fires when price ≥ key (`price_above`), `priceDown` when price ≤ key (`price_below`);
 * - `changeUp` fires when change ≥ key (`change_up`), `changeDown` when change ≤ key (`change_down`,
 *   keyed by −value).
 *
 * The index is a hint: the fire step re-reads the row and fires it through the conditional update.
 */
import { Dec, type AlertKind, type AlertRepeat } from '@brokerage/contract';

export interface IndexEntry {
  id: string;
  instrumentId: string;
  kind: AlertKind;
  repeat: AlertRepeat;
  key: Dec;
  /** the trading day a daily alert last fired on (it is skipped until the next one) */
  firedDay: string | null;
}

interface Side {
  entries: IndexEntry[];
}

interface InstrumentAlerts {
  priceUp: Side;
  priceDown: Side;
  changeUp: Side;
  changeDown: Side;
}

/** The first position whose key is ≥ `key` (lower bound). */
function lowerBound(entries: readonly IndexEntry[], key: Dec): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.key.lt(key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose key is > `key` (upper bound). */
function upperBound(entries: readonly IndexEntry[], key: Dec): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.key.lte(key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class AlertIndex {
  private readonly byInstrument = new Map<string, InstrumentAlerts>();
  private readonly byId = new Map<string, IndexEntry>();

  get size(): number {
    return this.byId.size;
  }

  instruments(): string[] {
    return [...this.byInstrument.keys()];
  }

  clear(): void {
    this.byInstrument.clear();
    this.byId.clear();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  private sideOf(entry: Pick<IndexEntry, 'instrumentId' | 'kind'>, create: boolean): Side | null {
    let sides = this.byInstrument.get(entry.instrumentId);
    if (!sides) {
      if (!create) return null;
      sides = {
        priceUp: { entries: [] },
        priceDown: { entries: [] },
        changeUp: { entries: [] },
        changeDown: { entries: [] },
      };
      this.byInstrument.set(entry.instrumentId, sides);
    }
    switch (entry.kind) {
      case 'price_above':
        return sides.priceUp;
      case 'price_below':
        return sides.priceDown;
      case 'change_up':
        return sides.changeUp;
      case 'change_down':
        return sides.changeDown;
    }
  }

  /** Adds (or replaces) an active alert; `value` is its price or rate as stored. */
  add(row: {
    id: string;
    instrumentId: string;
    kind: AlertKind;
    repeat: AlertRepeat;
    value: string;
    firedDay: string | null;
  }): void {
    this.remove(row.id);
    const value = new Dec(row.value);
    const entry: IndexEntry = {
      id: row.id,
      instrumentId: row.instrumentId,
      kind: row.kind,
      repeat: row.repeat,
      key: row.kind === 'change_down' ? value.negated() : value,
      firedDay: row.firedDay,
    };
    const side = this.sideOf(entry, true)!;
    side.entries.splice(upperBound(side.entries, entry.key), 0, entry);
    this.byId.set(entry.id, entry);
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const side = this.sideOf(entry, false);
    if (!side) return;
    const at = side.entries.indexOf(entry);
    if (at >= 0) side.entries.splice(at, 1);
    const sides = this.byInstrument.get(entry.instrumentId)!;
    if (Object.values(sides).every((s: Side) => s.entries.length === 0)) this.byInstrument.delete(entry.instrumentId);
  }

  /** A daily alert fired on `day`: skipped until the next trading day. */
  markFired(id: string, day: string): void {
    const entry = this.byId.get(id);
    if (entry) entry.firedDay = day;
  }

  /**
   * The alerts of `instrumentId` that `price` (and the day's `change`, when known) reach, leaving
   * out daily alerts already fired on `tradingDay`.
   */
  hits(instrumentId: string, price: Dec, change: Dec | null, tradingDay: string): IndexEntry[] {
    const sides = this.byInstrument.get(instrumentId);
    if (!sides) return [];
    const found: IndexEntry[] = [];
    found.push(...sides.priceUp.entries.slice(0, upperBound(sides.priceUp.entries, price)));
    found.push(...sides.priceDown.entries.slice(lowerBound(sides.priceDown.entries, price)));
    if (change !== null) {
      found.push(...sides.changeUp.entries.slice(0, upperBound(sides.changeUp.entries, change)));
      found.push(...sides.changeDown.entries.slice(lowerBound(sides.changeDown.entries, change)));
    }
    return found.filter((e) => e.repeat === 'once' || e.firedDay === null || e.firedDay < tradingDay);
  }
}
