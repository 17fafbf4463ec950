/**
 * The evaluation job's in-memory index of active alerts (docs/api.md §22.3): per instrument and
 * kind, the thresholds in an array sorted by an exact scaled-integer rank (platform/scaled.ts: the
 * value × 10^8 as a BigInt), so a tick asks only for the alerts the new price reaches (one binary
 * search per array), never for all of them.
 *
 * The rank is chosen so that the alerts a quote reaches are always the END of their array (an alert
 * fires when its rank ≥ the quote's rank), which makes settling a tick's hits cheap (the tail is
 * compacted, nothing before it moves):
 *
 * - `price_below` (price ≤ value): rank = value, quote rank = ⌈price⌉;
 * - `price_above` (price ≥ value): rank = −value, quote rank = −⌊price⌋;
 * - `change_up` (change ≥ value): rank = −value, quote rank = −⌊change⌋;
 * - `change_down` (change ≤ −value, i.e. −change ≥ value): rank = −value, quote rank = −⌊−change⌋.
 *
 * A daily alert that fired on a trading day is put to sleep (out of its array) until its
 * instrument's trading day moves on, so a price that stays past its threshold all day costs nothing
 * per tick.
 *
 * The index is a hint: the fire step re-reads the row and fires it through the conditional update.
 */
import type { AlertKind, AlertRepeat } from '@brokerage/contract';
import { floorDiv, KEY_ONE, toScaled } from '../../platform/scaled.js';

export interface IndexEntry {
  id: string;
  instrumentId: string;
  kind: AlertKind;
  repeat: AlertRepeat;
  /** the sort key of its array (see above) */
  rank: bigint;
  /** the trading day a daily alert last fired on (it sleeps until the next one) */
  firedDay: string | null;
}

/** An active alert as the index reads it (an `alerts` row has these fields). */
export interface IndexedAlert {
  id: string;
  instrumentId: string;
  kind: AlertKind;
  repeat: AlertRepeat;
  value: string;
  firedDay: string | null;
}

interface InstrumentAlerts {
  sides: Record<AlertKind, IndexEntry[]>;
  /** daily alerts that fired on a trading day, out of their arrays until the day moves on */
  asleep: Map<string, IndexEntry>;
  /** no sleeper fired after this day: nothing wakes on a trading day up to it */
  asleepSince: string | null;
}

const kinds: readonly AlertKind[] = ['price_above', 'price_below', 'change_up', 'change_down'];

const byRank = (a: IndexEntry, b: IndexEntry) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0);

/** The first position whose rank is ≥ `rank`. */
function lowerBound(entries: readonly IndexEntry[], rank: bigint): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.rank < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose rank is > `rank`. */
function upperBound(entries: readonly IndexEntry[], rank: bigint): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.rank <= rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `entry` sits in `side` (among the entries of the same rank), or −1. */
function positionOf(side: readonly IndexEntry[], entry: IndexEntry): number {
  for (let at = lowerBound(side, entry.rank); at < side.length && side[at]!.rank === entry.rank; at++)
    if (side[at] === entry) return at;
  return -1;
}

/**
 * Merges `entries` into the sorted `side` in one pass over the part of `side` from the lowest new
 * rank on (new and woken alerts sit near the price: mostly towards the end); a few are inserted
 * one by one.
 */
function mergeInto(side: IndexEntry[], entries: IndexEntry[]): void {
  if (entries.length === 0) return;
  if (entries.length < 8) {
    for (const entry of entries) side.splice(upperBound(side, entry.rank), 0, entry);
    return;
  }
  entries.sort(byRank);
  const start = upperBound(side, entries[0]!.rank);
  const tail = side.slice(start);
  let i = 0;
  let j = 0;
  let k = start;
  while (i < tail.length && j < entries.length) {
    if (tail[i]!.rank <= entries[j]!.rank) side[k++] = tail[i++]!;
    else side[k++] = entries[j++]!;
  }
  while (i < tail.length) side[k++] = tail[i++]!;
  while (j < entries.length) side[k++] = entries[j++]!;
}

/** The rank of a threshold (`value` has at most 8 decimals: exact). */
function rankOf(kind: AlertKind, value: string): bigint {
  const key = toScaled(value);
  return kind === 'price_below' ? key : -key;
}

function putToSleep(alerts: InstrumentAlerts, entry: IndexEntry): void {
  alerts.asleep.set(entry.id, entry);
  const day = entry.firedDay ?? '';
  if (alerts.asleepSince === null || day < alerts.asleepSince) alerts.asleepSince = day;
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

  private entryOf(row: IndexedAlert): IndexEntry {
    return {
      id: row.id,
      instrumentId: row.instrumentId,
      kind: row.kind,
      repeat: row.repeat,
      rank: rankOf(row.kind, row.value),
      firedDay: row.repeat === 'daily' ? row.firedDay : null,
    };
  }

  private alertsOf(instrumentId: string): InstrumentAlerts {
    let alerts = this.byInstrument.get(instrumentId);
    if (!alerts) {
      alerts = {
        sides: { price_above: [], price_below: [], change_up: [], change_down: [] },
        asleep: new Map(),
        asleepSince: null,
      };
      this.byInstrument.set(instrumentId, alerts);
    }
    return alerts;
  }

  private dropIfEmpty(instrumentId: string, alerts: InstrumentAlerts): void {
    if (alerts.asleep.size === 0 && kinds.every((kind) => alerts.sides[kind].length === 0))
      this.byInstrument.delete(instrumentId);
  }

  /** Replaces the whole index with `rows` (one sort per array). */
  load(rows: Iterable<IndexedAlert>): void {
    this.clear();
    this.stage(rows);
    for (const alerts of this.byInstrument.values()) for (const kind of kinds) alerts.sides[kind].sort(byRank);
  }

  /**
   * A load in steps, for a new index nobody asks yet (start, reconcile): `stage` each page of
   * rows as it is read, then `sortAll`, which lets other work run between the arrays, so a million
   * alerts never hold the event loop for long.
   */
  stage(rows: Iterable<IndexedAlert>): void {
    for (const row of rows) {
      if (this.byId.has(row.id)) continue;
      const entry = this.entryOf(row);
      this.alertsOf(entry.instrumentId).sides[entry.kind].push(entry);
      this.byId.set(entry.id, entry);
    }
  }

  async sortAll(pause: () => Promise<void>): Promise<void> {
    for (const alerts of this.byInstrument.values())
      for (const kind of kinds) {
        alerts.sides[kind].sort(byRank);
        await pause();
      }
  }

  /** Adds (or replaces) an active alert. */
  add(row: IndexedAlert): void {
    this.addAll([row]);
  }

  /** Adds (or replaces) active alerts: one merge per array. */
  addAll(rows: Iterable<IndexedAlert>): void {
    const bySide = new Map<IndexEntry[], IndexEntry[]>();
    for (const row of rows) {
      this.remove(row.id);
      const entry = this.entryOf(row);
      const side = this.alertsOf(entry.instrumentId).sides[entry.kind];
      const list = bySide.get(side);
      if (list) list.push(entry);
      else bySide.set(side, [entry]);
      this.byId.set(entry.id, entry);
    }
    for (const [side, entries] of bySide) mergeInto(side, entries);
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const alerts = this.byInstrument.get(entry.instrumentId);
    if (!alerts) return;
    if (!alerts.asleep.delete(id)) {
      const side = alerts.sides[entry.kind];
      const at = positionOf(side, entry);
      if (at >= 0) side.splice(at, 1);
    }
    this.dropIfEmpty(entry.instrumentId, alerts);
  }

  /** A daily alert fired on `day` (or was found already fired): it sleeps until the next trading day. */
  markFired(id: string, day: string): void {
    const entry = this.byId.get(id);
    if (!entry || entry.repeat !== 'daily') return;
    const alerts = this.byInstrument.get(entry.instrumentId);
    if (!alerts) return;
    if (entry.firedDay === null || entry.firedDay < day) entry.firedDay = day;
    if (alerts.asleep.has(id)) return;
    const side = alerts.sides[entry.kind];
    const at = positionOf(side, entry);
    if (at < 0) return;
    side.splice(at, 1);
    putToSleep(alerts, entry);
  }

  /**
   * What the evaluation did with a tick's hits of one instrument: `once` alerts leave the index
   * (fired, or found ended), `daily` ones sleep until after `day`. The hits are the ends of their
   * arrays, so only those ends are compacted.
   */
  settle(instrumentId: string, ids: readonly string[], day: string): void {
    const alerts = this.byInstrument.get(instrumentId);
    if (!alerts || ids.length === 0) return;
    const done = new Set<IndexEntry>();
    const from: Partial<Record<AlertKind, bigint>> = {};
    for (const id of ids) {
      const entry = this.byId.get(id);
      if (!entry || entry.instrumentId !== instrumentId || alerts.asleep.has(id) || done.has(entry)) continue;
      done.add(entry);
      const lowest = from[entry.kind];
      if (lowest === undefined || entry.rank < lowest) from[entry.kind] = entry.rank;
      if (entry.repeat === 'daily') {
        if (entry.firedDay === null || entry.firedDay < day) entry.firedDay = day;
        putToSleep(alerts, entry);
      } else {
        this.byId.delete(id);
      }
    }
    for (const kind of kinds) {
      const lowest = from[kind];
      if (lowest === undefined) continue;
      const side = alerts.sides[kind];
      let kept = lowerBound(side, lowest);
      for (let at = kept; at < side.length; at++) if (!done.has(side[at]!)) side[kept++] = side[at]!;
      side.length = kept;
    }
    this.dropIfEmpty(instrumentId, alerts);
  }

  /** Wakes the sleeping daily alerts of an instrument whose trading day has moved past their firing. */
  private wake(alerts: InstrumentAlerts, tradingDay: string): void {
    if (alerts.asleepSince !== null && tradingDay <= alerts.asleepSince) return;
    const woken = new Map<AlertKind, IndexEntry[]>();
    let since: string | null = null;
    for (const [id, entry] of alerts.asleep) {
      if (entry.firedDay !== null && entry.firedDay >= tradingDay) {
        if (since === null || entry.firedDay < since) since = entry.firedDay;
        continue;
      }
      alerts.asleep.delete(id);
      const list = woken.get(entry.kind);
      if (list) list.push(entry);
      else woken.set(entry.kind, [entry]);
    }
    alerts.asleepSince = since;
    for (const [kind, entries] of woken) mergeInto(alerts.sides[kind], entries);
  }

  /**
   * The alerts of `instrumentId` that a quote reaches: its `price`, and the day's change from
   * `prevClose` when that is above 0; daily alerts already fired on `tradingDay` are left out
   * (and go to sleep).
   */
  hits(instrumentId: string, price: string, prevClose: string | null, tradingDay: string): IndexEntry[] {
    const alerts = this.byInstrument.get(instrumentId);
    if (!alerts) return [];
    if (alerts.asleep.size > 0) this.wake(alerts, tradingDay);
    const { sides } = alerts;
    const found: IndexEntry[] = [];
    const reach = (side: IndexEntry[], rank: bigint) => {
      for (let at = lowerBound(side, rank); at < side.length; at++) found.push(side[at]!);
    };
    // a price is ≥ an integer key exactly when its floor is, and ≤ it exactly when its ceiling is
    const floor = toScaled(price, 'floor');
    reach(sides.price_above, -floor);
    reach(sides.price_below, toScaled(price, 'ceil'));
    const prev = prevClose === null ? 0n : toScaled(prevClose, 'floor');
    if (prev > 0n && (sides.change_up.length > 0 || sides.change_down.length > 0)) {
      // the day's change × 10^8 = (price − prev) × 10^8 / prev, floored: change ≥ key exactly when
      // that floor is; and −change ≥ key exactly when the floor of its negation is
      const delta = floor - prev;
      reach(sides.change_up, -floorDiv(delta * KEY_ONE, prev));
      reach(sides.change_down, -floorDiv(-delta * KEY_ONE, prev));
    }
    const due: IndexEntry[] = [];
    const sleeping: string[] = [];
    for (const entry of found) {
      if (entry.repeat === 'daily' && entry.firedDay !== null && entry.firedDay >= tradingDay) sleeping.push(entry.id);
      else due.push(entry);
    }
    if (sleeping.length > 0) this.settle(instrumentId, sleeping, tradingDay);
    return due;
  }
}
