/**
 * A bounded least-recently-used cache (a Map keeps insertion order; a hit re-inserts). Each
 * value has a weight, so a cache of minute paths can be bounded by minutes, not entries.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `key` is cached, without making it the most recently used. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.total -= old.weight;
    }
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.total <= this.capacity || this.entries.size <= 1) break;
      this.entries.delete(oldestKey);
      this.total -= oldest.weight;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
