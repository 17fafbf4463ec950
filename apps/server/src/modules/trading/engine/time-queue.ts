/**
 * A binary min-heap of dated work (day-order expiry, lock expiry, TP/SL becoming armed). Items
 * are never removed from the middle: each carries the version of its order's index record, and
 * a popped item whose version is stale is dropped (lazy deletion).
 */
export interface TimedItem<T> {
  /** epoch milliseconds (a time, not money) */
  at: number;
  value: T;
}

export class TimeQueue<T> {
  private readonly heap: TimedItem<T>[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(at: number, value: T): void {
    const heap = this.heap;
    heap.push({ at, value });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as TimedItem<T>;
      const c = heap[i] as TimedItem<T>;
      if (p.at <= c.at) break;
      heap[parent] = c;
      heap[i] = p;
      i = parent;
    }
  }

  /** Replaces the content with `items` in O(n) (bulk load). */
  load(items: TimedItem<T>[]): void {
    this.heap.length = 0;
    for (const item of items) this.heap.push(item);
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i -= 1) this.siftDown(i);
  }

  peekAt(): number | null {
    return this.heap[0]?.at ?? null;
  }

  /** Removes and returns every item with `at` ≤ `now`, earliest first. */
  popDue(now: number): TimedItem<T>[] {
    const out: TimedItem<T>[] = [];
    const heap = this.heap;
    while (heap.length > 0 && (heap[0] as TimedItem<T>).at <= now) {
      out.push(heap[0] as TimedItem<T>);
      const last = heap.pop() as TimedItem<T>;
      if (heap.length > 0) {
        heap[0] = last;
        this.siftDown(0);
      }
    }
    return out;
  }

  private siftDown(start: number): void {
    const heap = this.heap;
    const n = heap.length;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < n && (heap[l] as TimedItem<T>).at < (heap[smallest] as TimedItem<T>).at) smallest = l;
      if (r < n && (heap[r] as TimedItem<T>).at < (heap[smallest] as TimedItem<T>).at) smallest = r;
      if (smallest === i) return;
      const tmp = heap[i] as TimedItem<T>;
      heap[i] = heap[smallest] as TimedItem<T>;
      heap[smallest] = tmp;
      i = smallest;
    }
  }
}
