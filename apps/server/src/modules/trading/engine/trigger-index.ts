/**
 * The engine's trigger index (docs/decisions.md "Engine"): per instrument, every price at which
 * something must happen, in two arrays sorted by a scaled-integer key, plus a time-ordered queue
 * of dated work. A tick asks only for the entries the new last price reaches (two binary searches
 * per instrument, then the hits), never for all orders.
 *
 * - `down` entries fire when last ≤ key: long limit, long stop-loss, long stop-out, short take-profit;
 * - `up` entries fire when last ≥ key: short limit, short stop-loss, short stop-out, long take-profit.
 *
 * Take-profit and stop-loss are armed only once the minimum hold has passed (or after a park:
 * the engine parks them while T+N still blocks a close), through the time queue, so an entry
 * whose guard fails is not handed out on every tick. The queue also carries day-order expiry
 * (`expiresAt`) and lock expiry (`lockUntil`).
 *
 * The index is a hint: the engine locks the row and re-checks it with the Dec predicates of
 * conditions.ts before acting, and feeds back whatever row it read (`upsert`).
 */
import { liveOrderStates, type Currency, type OrderState, type Side } from '@brokerage/contract';
import { directionOf, stopOutKey, type Direction, type PriceKind } from './conditions.js';
import { toScaled } from '../../../platform/scaled.js';
import { TimeQueue, type TimedItem } from './time-queue.js';

/** The fields of an order row the index reads (`OrderRow` has them all). */
export interface IndexRow {
  id: string;
  instrumentId: string;
  state: OrderState;
  side: Side;
  currency: Currency;
  lots: number;
  lotSize: string;
  price: string | null;
  costPrice: string | null;
  margin: string;
  stopOutRatio: string;
  takeProfit: string | null;
  stopLoss: string | null;
  minHoldUntil: Date | null;
  expiresAt: Date | null;
  lockUntil: Date | null;
}

export interface PriceHit {
  orderId: string;
  kind: PriceKind;
}

export interface DueWork {
  /** pending orders whose `expiresAt` passed */
  expire: string[];
  /** locked positions whose `lockUntil` passed */
  unlock: string[];
}

export interface IndexStats {
  orders: number;
  instruments: number;
  /** entries in the price arrays */
  armed: number;
  /** take-profit / stop-loss entries waiting for their arm time */
  waiting: number;
  queued: number;
}

interface Entry {
  key: bigint;
  orderId: string;
  kind: PriceKind;
  direction: Direction;
}

interface Tracked {
  instrumentId: string;
  version: number;
  live: Entry[];
  /** TP/SL waiting for `armAt`; null when none (most orders: saves an array each) */
  waiting: Entry[] | null;
  armAt: number | null;
}

interface Work {
  orderId: string;
  version: number;
  what: 'expire' | 'unlock' | 'arm';
}

class Book {
  readonly down: Entry[] = [];
  readonly up: Entry[] = [];
  readonly closing = new Set<string>();
  orders = 0;
}

const LIVE = new Set<OrderState>(liveOrderStates);

/** First index whose key is ≥ `key`. */
function lowerBound(list: Entry[], key: bigint): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Entry).key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose key is > `key`. */
function upperBound(list: Entry[], key: bigint): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Entry).key <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byKey = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export class TriggerIndex {
  private readonly books = new Map<string, Book>();
  private readonly orders = new Map<string, Tracked>();
  private readonly queue = new TimeQueue<Work>();
  private versions = 0;
  /** during `load`: entries are appended and sorted once at the end */
  private bulk = false;

  /** Replaces the whole content with `rows` (start-up and reconcile): O(n log n), in one go. */
  load(rows: Iterable<IndexRow>, now: Date): void {
    const timed = this.startLoad();
    try {
      for (const row of rows) this.add(row, now.getTime(), timed);
    } finally {
      this.bulk = false;
    }
    for (const book of this.books.values()) this.sortBook(book);
    this.queue.load(timed);
  }

  /**
   * The same as `load`, fed page by page, handing the event loop back (`pause`) between pages
   * and between instruments' sorts, so a reload of a million orders never blocks the API for
   * more than a few milliseconds at a time.
   */
  async loadInSteps(pages: AsyncIterable<IndexRow[]>, now: Date, pause: () => Promise<void>): Promise<void> {
    const timed = this.startLoad();
    try {
      for await (const page of pages) {
        for (const row of page) this.add(row, now.getTime(), timed);
        await pause();
      }
      for (const book of this.books.values()) {
        this.sortBook(book);
        await pause();
      }
    } finally {
      this.bulk = false;
    }
    this.queue.load(timed);
  }

  private startLoad(): TimedItem<Work>[] {
    this.books.clear();
    this.orders.clear();
    this.queue.load([]);
    this.bulk = true;
    return [];
  }

  private sortBook(book: Book): void {
    book.down.sort(byKey);
    book.up.sort(byKey);
  }

  /** Puts the current state of one order in the index (a terminal state removes it). */
  upsert(row: IndexRow, now: Date): void {
    this.remove(row.id);
    const timed: TimedItem<Work>[] = [];
    this.add(row, now.getTime(), timed);
    for (const item of timed) this.queue.push(item.at, item.value);
  }

  remove(orderId: string): void {
    const rec = this.orders.get(orderId);
    if (!rec) return;
    this.orders.delete(orderId);
    const book = this.books.get(rec.instrumentId);
    if (!book) return;
    for (const entry of rec.live) this.unlink(book, entry);
    book.closing.delete(orderId);
    book.orders -= 1;
    if (book.orders === 0) this.books.delete(rec.instrumentId);
  }

  /**
   * Takes the take-profit / stop-loss of an order out of the price arrays until `until` (a close
   * guard such as T+N fails now); `upsert` or the arm time puts them back.
   */
  park(orderId: string, until: Date): void {
    const rec = this.orders.get(orderId);
    if (!rec) return;
    const book = this.books.get(rec.instrumentId);
    const keep: Entry[] = [];
    for (const entry of rec.live) {
      if (entry.kind === 'take_profit' || entry.kind === 'stop_loss') {
        if (book) this.unlink(book, entry);
        (rec.waiting ??= []).push(entry);
      } else {
        keep.push(entry);
      }
    }
    rec.live = keep;
    if (rec.waiting === null) return;
    rec.armAt = until.getTime();
    this.queue.push(rec.armAt, { orderId, version: rec.version, what: 'arm' });
  }

  /** Dated work due at `now`: arms waiting TP/SL and returns the expiries for the engine. Call before `priceHits`. */
  due(now: Date): DueWork {
    const out: DueWork = { expire: [], unlock: [] };
    for (const item of this.queue.popDue(now.getTime())) {
      const rec = this.orders.get(item.value.orderId);
      if (!rec || rec.version !== item.value.version) continue;
      if (item.value.what === 'expire') out.expire.push(item.value.orderId);
      else if (item.value.what === 'unlock') out.unlock.push(item.value.orderId);
      else if (rec.armAt !== null && item.at >= rec.armAt) this.arm(rec);
    }
    return out;
  }

  /** The entries of one instrument whose condition holds at `last` (a decimal string). */
  priceHits(instrumentId: string, last: string): PriceHit[] {
    const book = this.books.get(instrumentId);
    if (!book) return [];
    const hits: PriceHit[] = [];
    // down fires when last ≤ key: every key ≥ ⌈last⌉ (in units of 10^-8)
    const down = book.down;
    for (let i = lowerBound(down, toScaled(last, 'ceil')); i < down.length; i += 1) {
      const e = down[i] as Entry;
      hits.push({ orderId: e.orderId, kind: e.kind });
    }
    // up fires when last ≥ key: every key ≤ ⌊last⌋
    const up = book.up;
    const end = upperBound(up, toScaled(last, 'floor'));
    for (let i = 0; i < end; i += 1) {
      const e = up[i] as Entry;
      hits.push({ orderId: e.orderId, kind: e.kind });
    }
    return hits;
  }

  /** Instruments with at least one live order. */
  instruments(): string[] {
    return [...this.books.keys()];
  }

  /**
   * Open positions (holding, locked, closing) of an instrument: every holding or locked one has
   * a stop-out entry (delisting closes them all; rare, so found from the arrays).
   */
  openOf(instrumentId: string): string[] {
    const book = this.books.get(instrumentId);
    if (!book) return [];
    const out = new Set(book.closing);
    for (const list of [book.down, book.up]) for (const e of list) if (e.kind === 'stop_out') out.add(e.orderId);
    return [...out];
  }

  closingOf(instrumentId: string): string[] {
    return [...(this.books.get(instrumentId)?.closing ?? [])];
  }

  has(orderId: string): boolean {
    return this.orders.has(orderId);
  }

  stats(): IndexStats {
    let armed = 0;
    let waiting = 0;
    for (const book of this.books.values()) armed += book.down.length + book.up.length;
    for (const rec of this.orders.values()) waiting += rec.waiting?.length ?? 0;
    return { orders: this.orders.size, instruments: this.books.size, armed, waiting, queued: this.queue.size };
  }

  private add(row: IndexRow, nowMs: number, timed: TimedItem<Work>[]): void {
    if (!LIVE.has(row.state)) return;
    const side = row.side;
    const id = row.id;
    this.versions += 1;
    const version = this.versions;
    const live: Entry[] = [];
    const rec: Tracked = { instrumentId: row.instrumentId, version, live, waiting: null, armAt: null };
    // (no closures here: this runs once per order at every load)
    if (row.state === 'pending') {
      if (row.price !== null)
        live.push({ key: toScaled(row.price), orderId: id, kind: 'limit', direction: side === 'long' ? 'down' : 'up' });
      if (row.expiresAt) timed.push({ at: row.expiresAt.getTime(), value: { orderId: id, version, what: 'expire' } });
    } else if (row.state === 'holding' || row.state === 'locked') {
      if (row.costPrice !== null) {
        const key = stopOutKey({
          side,
          costPrice: row.costPrice,
          lots: row.lots,
          lotSize: row.lotSize,
          margin: row.margin,
          stopOutRatio: row.stopOutRatio,
          currency: row.currency,
        });
        live.push({ key, orderId: id, kind: 'stop_out', direction: side === 'long' ? 'down' : 'up' });
      }
      if (row.state === 'locked') {
        if (row.lockUntil) timed.push({ at: row.lockUntil.getTime(), value: { orderId: id, version, what: 'unlock' } });
      } else if (row.takeProfit !== null || row.stopLoss !== null) {
        const armAt = row.minHoldUntil?.getTime() ?? null;
        const guarded = armAt === null || armAt <= nowMs ? live : (rec.waiting = []);
        if (row.takeProfit !== null)
          guarded.push({
            key: toScaled(row.takeProfit),
            orderId: id,
            kind: 'take_profit',
            direction: directionOf('take_profit', side),
          });
        if (row.stopLoss !== null)
          guarded.push({
            key: toScaled(row.stopLoss),
            orderId: id,
            kind: 'stop_loss',
            direction: directionOf('stop_loss', side),
          });
        if (guarded !== live && armAt !== null) {
          rec.armAt = armAt;
          timed.push({ at: armAt, value: { orderId: id, version, what: 'arm' } });
        }
      }
    }

    this.orders.set(id, rec);
    let book = this.books.get(row.instrumentId);
    if (!book) this.books.set(row.instrumentId, (book = new Book()));
    book.orders += 1;
    if (row.state === 'closing') book.closing.add(id);
    for (const e of live) this.link(book, e);
  }

  private arm(rec: Tracked): void {
    const book = this.books.get(rec.instrumentId);
    rec.armAt = null;
    if (!book) return;
    for (const e of rec.waiting ?? []) {
      this.link(book, e);
      rec.live.push(e);
    }
    rec.waiting = null;
  }

  private link(book: Book, entry: Entry): void {
    const list = entry.direction === 'down' ? book.down : book.up;
    if (this.bulk) list.push(entry);
    else list.splice(upperBound(list, entry.key), 0, entry);
  }

  private unlink(book: Book, entry: Entry): void {
    const list = entry.direction === 'down' ? book.down : book.up;
    for (let i = lowerBound(list, entry.key); i < list.length; i += 1) {
      const e = list[i] as Entry;
      if (e === entry) {
        list.splice(i, 1);
        return;
      }
      if (e.key !== entry.key) return;
    }
  }
}
