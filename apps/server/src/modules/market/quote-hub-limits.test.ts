/** The quote WebSocket under load (issue 18): connections per address, slow readers, one frame per tick. */
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { useTestApp } from '../../test/harness.js';
import { QuoteHub } from './quote-hub.js';

const t = useTestApp(undefined, undefined, { engine: false, quoteHub: { tickMs: 40, maxConnectionsPerAddress: 3 } });

interface FakeSocket {
  sent: string[];
  bufferedAmount: number;
  readyState: number;
  OPEN: number;
  closedWith: number | null;
  handlers: Map<string, (...args: unknown[]) => void>;
}

function fakeSocket(bufferedAmount = 0): FakeSocket & WebSocket {
  const s: FakeSocket = { sent: [], bufferedAmount, readyState: 1, OPEN: 1, closedWith: null, handlers: new Map() };
  return Object.assign(s, {
    send: (text: string) => s.sent.push(text),
    on: (event: string, fn: (...args: unknown[]) => void) => s.handlers.set(event, fn),
    close: (code: number) => {
      s.closedWith = code;
    },
    terminate: () => undefined,
  }) as unknown as FakeSocket & WebSocket;
}

const subscribe = (s: FakeSocket, ids: string[]) =>
  s.handlers.get('message')?.(
    Buffer.from(JSON.stringify({ op: 'subscribe', id: 'a', channel: 'quote', instrumentIds: ids })),
    false,
  );

describe('quote WebSocket limits (issue 18)', () => {
  it('closes connections past the cap per address', () => {
    const hub = new QuoteHub(t.deps.feed, { maxConnectionsPerAddress: 3 });
    const sockets = Array.from({ length: 4 }, () => fakeSocket());
    for (const s of sockets) hub.accept(s, '10.7.0.1');
    expect(sockets.slice(0, 3).map((s) => s.closedWith)).toEqual([null, null, null]);
    expect(sockets[3]!.closedWith).toBe(4429);
    const other = fakeSocket();
    hub.accept(other, '10.7.0.2');
    expect(other.closedWith).toBeNull();
    // a closed connection frees its place
    sockets[0]!.handlers.get('close')?.();
    const again = fakeSocket();
    hub.accept(again, '10.7.0.1');
    expect(again.closedWith).toBeNull();
    hub.stop();
  });

  it('sends no quotes to a socket that does not read (backpressure)', async () => {
    const hub = new QuoteHub(t.deps.feed, {});
    const id = t.deps.feed.instruments()[0]!.instrumentId;
    const slow = fakeSocket(10 * 1024 * 1024);
    const fast = fakeSocket();
    hub.accept(slow, '10.7.0.3');
    hub.accept(fast, '10.7.0.4');
    subscribe(slow, [id]);
    subscribe(fast, [id]);
    const quotes = (s: FakeSocket) => s.sent.filter((m) => String(m).includes('"op":"quotes"')).length;
    // a cold instrument is warmed in slices first (issue 18): the snapshot comes a few turns later
    // (and on a busy machine a tick may follow it before this looks)
    await vi.waitFor(() => expect(quotes(fast), fast.sent.join('\n')).toBeGreaterThanOrEqual(1));
    expect(quotes(slow)).toBe(0);
    hub.stop();
  });
});
