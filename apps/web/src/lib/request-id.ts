/**
 * Request ids for money-moving calls (docs/api.md §1.6, docs/style.md §3): a UUID the client creates and
 * keeps until the server has answered, so a retry cannot move money twice.
 */

/** A random UUID. `crypto.randomUUID` exists only in secure contexts, so plain-HTTP pages build a v4 UUID from `getRandomValues`. */
export function newRequestId(): string {
  const c: Crypto | undefined = typeof globalThis.crypto === 'undefined' ? undefined : globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A key of a request body that ignores key order, like the server's comparison (docs/api.md §1.6). */
export function bodyKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(bodyKey).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${bodyKey(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Remembers one submission's id: the same body gets the same id until a final answer
 * (`settle`), a different body gets a fresh one (the server would refuse a reused id with
 * another body: `request.id_reused`).
 */
export class RequestIdKeeper {
  private current: { key: string; id: string } | null = null;

  constructor(private readonly create: () => string = newRequestId) {}

  idFor(body: unknown): string {
    const key = bodyKey(body);
    if (!this.current || this.current.key !== key) this.current = { key, id: this.create() };
    return this.current.id;
  }

  settle(): void {
    this.current = null;
  }
}
