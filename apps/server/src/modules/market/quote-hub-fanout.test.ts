/**
 * The cost of a quote tick (issue 17 item 2, issue 18): one socket write per connection per tick,
 * each message encoded once for every connection that watches the same instruments, and a send
 * loop that lets HTTP calls through during a large broadcast.
 */
import type { WsQuote, WsServerMessage } from '@brokerage/contract';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { useTestApp } from '../../test/harness.js';
import { QuoteHub } from './quote-hub.js';

// The hub's own timer is pushed out to an hour: only the ticks a test asks for send anything.
const t = useTestApp(undefined, undefined, {
  engine: false,
  quoteHub: {
    tickMs: 3_600_000,
    idleCloseMs: 3_600_000,
    messagesPerSecond: 1000,
    maxConnectionsPerAddress: 1000,
    sliceMs: 0,
  },
});

/** Instruments that trade around the clock (crypto): each moves every minute. */
function movingIds(count: number): string[] {
  const ids = t.deps.feed
    .instruments()
    .filter((d) => d.assetClass === 'crypto')
    .map((d) => d.instrumentId);
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

const quotesOf = (m: WsServerMessage): WsQuote[] => (m.op === 'quotes' ? m.data : m.op === 'quote' ? [m.data] : []);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one message per connection per tick', () => {
  it('a real client with several subscriptions gets all its changed quotes in one frame per tick', async () => {
    const ids = movingIds(5);
    const socket = await t.app.injectWS('/api/vue/ws');
    const frames: WsServerMessage[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as WsServerMessage));
    socket.send(JSON.stringify({ op: 'subscribe', id: 's1', channel: 'quote', instrumentIds: ids }));
    await vi.waitFor(() => expect(frames.flatMap(quotesOf)).toHaveLength(5), { timeout: 5000 });
    // the subscription: an ack and ONE snapshot frame with the five quotes
    expect(frames.map((m) => m.op)).toEqual(['ack', 'quotes']);
    expect(
      frames
        .flatMap(quotesOf)
        .map((q) => q.instrumentId)
        .sort(),
    ).toEqual([...ids].sort());

    for (let tick = 1; tick <= 3; tick++) {
      frames.length = 0;
      t.clock.advance(60_000);
      await t.deps.quoteHub.tick();
      await vi.waitFor(() => expect(frames.flatMap(quotesOf)).toHaveLength(5), { timeout: 5000 });
      await settle(50); // anything else this tick sent would have arrived by now
      expect(frames, `tick ${tick}`).toHaveLength(1);
      expect(frames[0]!.op).toBe('quotes');
      expect(
        quotesOf(frames[0]!)
          .map((q) => q.instrumentId)
          .sort(),
      ).toEqual([...ids].sort());
    }
    socket.terminate();
  });
});

interface FakeSocket {
  sent: unknown[];
  bufferedAmount: number;
  readyState: number;
  OPEN: number;
  handlers: Map<string, (...args: unknown[]) => void>;
}

function fakeSocket(): FakeSocket & WebSocket {
  const s: FakeSocket = { sent: [], bufferedAmount: 0, readyState: 1, OPEN: 1, handlers: new Map() };
  return Object.assign(s, {
    send: (data: unknown) => s.sent.push(data),
    on: (event: string, fn: (...args: unknown[]) => void) => s.handlers.set(event, fn),
    close: () => undefined,
    terminate: () => undefined,
  }) as unknown as FakeSocket & WebSocket;
}

const subscribe = (s: FakeSocket, ids: string[]) =>
  s.handlers.get('message')?.(
    Buffer.from(JSON.stringify({ op: 'subscribe', id: 'a', channel: 'quote', instrumentIds: ids })),
    false,
  );

describe('each message encoded once per tick', () => {
  it('connections watching the same instruments get the very same bytes; the encoder runs once per distinct watch list', async () => {
    const ids = movingIds(4);
    const hub = new QuoteHub(t.deps.feed, { tickMs: 3_600_000, maxConnectionsPerAddress: 100 });
    const same = Array.from({ length: 6 }, () => fakeSocket());
    const other = fakeSocket();
    for (const s of [...same, other]) hub.accept(s, '10.9.0.1');
    // the same watch list in different orders is one list
    same.forEach((s, i) => subscribe(s, i % 2 === 0 ? ids.slice(0, 3) : ids.slice(0, 3).reverse()));
    subscribe(other, ids.slice(2, 4));
    for (const s of [...same, other]) s.sent.length = 0;

    const encode = vi.spyOn(hub, 'encode');
    const toBuffer = vi.spyOn(Buffer, 'from');
    t.clock.advance(60_000);
    await hub.tick();

    expect(encode).toHaveBeenCalledTimes(2);
    expect(toBuffer).toHaveBeenCalledTimes(2);
    for (const s of [...same, other]) expect(s.sent).toHaveLength(1);
    const bytes = same[0]!.sent[0];
    expect(Buffer.isBuffer(bytes)).toBe(true);
    for (const s of same) expect(s.sent[0]).toBe(bytes); // one Buffer, not six copies
    const message = JSON.parse((bytes as Buffer).toString('utf8')) as WsServerMessage;
    expect(
      quotesOf(message)
        .map((q) => q.instrumentId)
        .sort(),
    ).toEqual(ids.slice(0, 3).sort());
    expect(
      quotesOf(JSON.parse((other.sent[0] as Buffer).toString('utf8')) as WsServerMessage)
        .map((q) => q.instrumentId)
        .sort(),
    ).toEqual(ids.slice(2, 4).sort());

    // nothing moved: nothing is encoded or sent
    encode.mockClear();
    await hub.tick();
    expect(encode).not.toHaveBeenCalled();
    for (const s of [...same, other]) expect(s.sent).toHaveLength(1);
    hub.stop();
  });
});

/** One HTTP/1.1 request on a connected socket; resolves with the time its whole answer arrived. */
function rawGet(socket: net.Socket, path: string): { sentAt: number; answered: Promise<{ at: number; head: string }> } {
  let text = '';
  const answered = new Promise<{ at: number; head: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (headEnd >= 0 && length !== undefined && text.length >= headEnd + 4 + Number(length)) {
        socket.off('data', onData);
        resolve({ at: performance.now(), head: text.slice(0, headEnd) });
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
  const sentAt = performance.now();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  return { sentAt, answered };
}

describe('HTTP stays responsive during a large broadcast', () => {
  it('GET /health sent as a tick to 1,000 subscriptions starts is answered before the tick has finished sending', async () => {
    const ids = movingIds(10);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(address).port);
    const connections = 250;
    const perConnection = 4; // 250 × 4 = 1,000 subscriptions, 250 writes per tick
    const clients: WebSocket[] = [];
    let received = 0;
    try {
      for (let from = 0; from < connections; from += 50) {
        const batch = Array.from({ length: 50 }, (_, k) => {
          const i = from + k;
          const client = new WebSocket(`ws://127.0.0.1:${port}/api/vue/ws`);
          clients.push(client);
          const watch = Array.from({ length: perConnection }, (_, j) => ids[(i + j) % ids.length]!);
          return new Promise<void>((resolve, reject) => {
            client.once('error', reject);
            client.on('message', (data: Buffer) => {
              const message = JSON.parse(data.toString('utf8')) as WsServerMessage;
              if (message.op === 'ack') return;
              received += quotesOf(message).length;
              resolve();
            });
            client.once('open', () =>
              client.send(JSON.stringify({ op: 'subscribe', id: 's', channel: 'quote', instrumentIds: watch })),
            );
          });
        });
        await Promise.all(batch);
      }
      expect(t.deps.quoteHub.connectionCount).toBe(connections);
      received = 0;

      const http = net.connect({ host: '127.0.0.1', port, noDelay: true });
      await new Promise((resolve) => http.once('connect', resolve));
      const warm = rawGet(http, '/health'); // a first answer: the connection and the route are warm
      expect((await warm.answered).head).toMatch(/^HTTP\/1.1 200/);

      t.clock.advance(60_000);
      const yieldsBefore = t.deps.quoteHub.stats?.yields ?? 0;
      const probe = rawGet(http, '/health');
      const tickStart = performance.now();
      let tickEnd = Number.NaN;
      const tick = Promise.resolve(t.deps.quoteHub.tick()).then(() => {
        tickEnd = performance.now();
      });
      const answer = await probe.answered;
      await tick;
      http.destroy();
      expect(answer.head).toMatch(/^HTTP\/1.1 200/);
      // The broadcast gave the event loop turns, and the health check was answered in one of them,
      // not after the last write (a synchronous loop answers it only once every socket is written).
      expect(
        answer.at,
        `health at ${(answer.at - tickStart).toFixed(1)} ms, tick done at ${(tickEnd - tickStart).toFixed(1)} ms`,
      ).toBeLessThan(tickEnd);
      expect(t.deps.quoteHub.stats.yields).toBeGreaterThan(yieldsBefore);
      expect(answer.at - probe.sentAt).toBeLessThan(1000);
      await vi.waitFor(() => expect(received).toBe(connections * perConnection), { timeout: 10_000 });
    } finally {
      for (const client of clients) client.terminate();
    }
  });
});
