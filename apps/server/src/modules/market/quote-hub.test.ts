import type { WsQuote, WsServerMessage } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { useTestApp } from '../../test/harness.js';

// A fast hub so the test needs no long waits: ticks every 40 ms, idle close after 600 ms; the
// subscription cap is lowered from 200 to 120 because the simulated universe holds fewer ids.
const t = useTestApp(undefined, undefined, { quoteHub: { tickMs: 40, idleCloseMs: 600, maxSubscriptions: 120 } });

interface Client {
  socket: WebSocket;
  frames: WsServerMessage[];
  closed: Promise<number>;
  next(match: (m: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage>;
  send(message: unknown): void;
}

async function connect(): Promise<Client> {
  const socket = await t.app.injectWS('/api/vue/ws');
  const frames: WsServerMessage[] = [];
  const waiters: { match: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
    frames.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  return {
    socket,
    frames,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (match, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const seen = frames.find(match);
        if (seen) {
          frames.splice(frames.indexOf(seen), 1);
          resolve(seen);
          return;
        }
        const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(m), 1);
            resolve(m);
          },
        });
      }),
  };
}

/** The quote of `id` in a `quotes` message (docs/decisions.md: one message per connection per tick), if any. */
const quoteIn = (m: WsServerMessage, id: string): WsQuote | undefined =>
  m.op === 'quotes' ? m.data.find((q) => q.instrumentId === id) : undefined;
const isQuote = (id: string) => (m: WsServerMessage) => quoteIn(m, id) !== undefined;

describe('the quote WebSocket (docs/api.md §18)', () => {
  it('acks a subscription with the rejected ids, then sends one snapshot message with the accepted ids', async () => {
    const c = await connect();
    c.send({ op: 'subscribe', id: 'c1', channel: 'quote', instrumentIds: ['i_usd_AAPL', 'i_usd_NOPE'] });
    const ack = await c.next((m) => m.op === 'ack');
    expect(ack).toEqual({
      op: 'ack',
      id: 'c1',
      status: 1,
      data: { subscribed: ['i_usd_AAPL'], rejected: [{ instrumentId: 'i_usd_NOPE', code: 'product.not_found' }] },
    });
    const snapshot = await c.next(isQuote('i_usd_AAPL'));
    expect(snapshot.op === 'quotes' && snapshot.data).toHaveLength(1);
    expect(quoteIn(snapshot, 'i_usd_AAPL')).toMatchObject({
      instrumentId: 'i_usd_AAPL',
      status: 'trading',
      stale: false,
    });
    c.socket.terminate();
  });

  it('pushes an update when the price moves, and nothing for unsubscribed ids', async () => {
    const c = await connect();
    c.send({ op: 'subscribe', id: 'c1', channel: 'quote', instrumentIds: ['i_crypto_BTC-USDT'] });
    const first = await c.next(isQuote('i_crypto_BTC-USDT'));
    t.clock.advance(5 * 60_000);
    const moved = await c.next(isQuote('i_crypto_BTC-USDT'));
    expect(quoteIn(moved, 'i_crypto_BTC-USDT')!.ts > quoteIn(first, 'i_crypto_BTC-USDT')!.ts).toBe(true);
    c.send({ op: 'unsubscribe', id: 'c2', channel: 'quote', instrumentIds: ['i_crypto_BTC-USDT'] });
    await c.next((m) => m.op === 'ack' && m.id === 'c2');
    t.clock.advance(5 * 60_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.frames.filter((m) => m.op === 'quote' || m.op === 'quotes')).toHaveLength(0);
    c.socket.terminate();
  });

  it('answers ping with pong, and malformed or unknown messages with request.invalid', async () => {
    const c = await connect();
    c.send({ op: 'ping', id: 'p1' });
    expect(await c.next((m) => m.op === 'pong')).toEqual({ op: 'pong', id: 'p1' });
    c.send('{not json');
    const bad = await c.next((m) => m.op === 'error');
    expect(bad).toMatchObject({ status: 0, code: 'request.invalid' });
    c.send({ op: 'dance', id: 'x1' });
    expect(await c.next((m) => m.op === 'error')).toMatchObject({ id: 'x1', code: 'request.invalid' });
    c.send({
      op: 'subscribe',
      id: 'x2',
      channel: 'quote',
      instrumentIds: Array.from({ length: 101 }, (_, i) => `i_${i}`),
    });
    expect(await c.next((m) => m.op === 'error')).toMatchObject({
      id: 'x2',
      params: { fields: { instrumentIds: 'too_many' } },
    });
    c.socket.terminate();
  });

  it('caps the subscriptions of a connection (too_many) and keeps the ones it has', { timeout: 120_000 }, async () => {
    const c = await connect();
    const ids = t.deps.feed.instruments().map((d) => d.instrumentId);
    c.send({ op: 'subscribe', id: 's1', channel: 'quote', instrumentIds: ids.slice(0, 100) });
    // 100 cold instruments are warmed in slices first (issue 18): seconds of wall time on a busy machine
    await c.next((m) => m.op === 'ack' && m.id === 's1', 60_000);
    c.send({ op: 'subscribe', id: 's2', channel: 'quote', instrumentIds: ids.slice(100, 125) });
    expect(await c.next((m) => m.op === 'error' && m.id === 's2')).toMatchObject({
      params: { fields: { instrumentIds: 'too_many' } },
    });
    c.send({ op: 'subscribe', id: 's3', channel: 'quote', instrumentIds: ids.slice(100, 120) });
    const ack = await c.next((m) => m.op === 'ack' && m.id === 's3', 60_000);
    expect(ack.op === 'ack' && ack.data.subscribed).toHaveLength(20);
    c.socket.terminate();
  });

  it('closes with 4429 after more than 20 messages in a second', async () => {
    const c = await connect();
    for (let i = 0; i < 25; i++) c.send({ op: 'ping', id: `p${i}` });
    expect(await c.next((m) => m.op === 'error')).toMatchObject({ code: 'request.too_frequent' });
    expect(await c.closed).toBe(4429);
  });

  it('closes with 4000 when the client stays silent', async () => {
    const c = await connect();
    c.send({ op: 'ping', id: 'p1' });
    expect(await c.closed).toBe(4000);
  });
});
