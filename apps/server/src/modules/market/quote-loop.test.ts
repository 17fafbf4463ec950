/**
 * The first quote of a cold instrument does not hold the event loop (issue 18): on a fresh
 * simulator a quote of an index walks years of every member's closes (the whole universe:
 * 0.23–0.6 s of CPU), a stock's 52-week figures need a year of its minute paths (a crypto's:
 * 120 ms). Those are now warmed in slices, for `/market/list`, `/market/quote`, `/market/search`,
 * the time share and a WebSocket subscribe alike; the loop is held 50 ms at most.
 */
import type { WsServerMessage } from '@brokerage/contract';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { post, useTestApp } from '../../test/harness.js';
import { loopHeld } from './loop-held.js';
import { QuoteHub } from './quote-hub.js';

const t = useTestApp(undefined, undefined, { engine: false });

const health = () => t.app.inject({ method: 'GET', url: '/health' }).then((r) => r.statusCode);

/** A socket the hub writes to, and through which the test talks to the hub. */
function fakeSocket() {
  const sent: WsServerMessage[] = [];
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    bufferedAmount: 0,
    readyState: 1,
    OPEN: 1,
    send: (data: string | Buffer) => sent.push(JSON.parse(data.toString()) as WsServerMessage),
    on: (event: string, fn: (...args: unknown[]) => void) => handlers.set(event, fn),
    close: () => undefined,
    terminate: () => undefined,
  } as unknown as WebSocket;
  const say = (message: object) => handlers.get('message')?.(Buffer.from(JSON.stringify(message)), false);
  return { socket, sent, say };
}

describe('a cold quote does not hold the event loop (issue 18)', () => {
  it('subscribes a WebSocket to three cold indexes (92 cold members) and ticks while the loop keeps turning', async () => {
    // the process's one-time costs first (time zones, compiled code): quotes of other instruments
    for (const id of ['i_usd_TCEHY', 'i_crypto_BTC-USDT', 'i_forex_EURUSD']) {
      expect((await post(t.app, '/market/quote', { instrumentId: id })).http).toBe(200);
    }
    const hub = new QuoteHub(t.deps.feed, {});
    const client = fakeSocket();
    hub.accept(client.socket, '10.9.0.1');
    const { value, cpuMs, wallMs } = await loopHeld(async () => {
      client.say({
        op: 'subscribe',
        id: 's1',
        channel: 'quote',
        instrumentIds: ['i_usd_SPX', 'i_usd_DJI', 'i_usd_NDX'],
      });
      client.say({ op: 'ping', id: 'p1' });
      const status = await health();
      await vi.waitFor(() => expect(client.sent.some((m) => m.op === 'pong')).toBe(true), {
        timeout: 60_000,
        interval: 20,
      });
      await hub.tick();
      return status;
    });
    hub.stop();
    expect(value).toBe(200);
    // the ack, the snapshot of all three, then the pong: answers keep their order (then the tick's quotes)
    expect(client.sent.map((m) => m.op).slice(0, 3)).toEqual(['ack', 'quotes', 'pong']);
    expect((client.sent[1] as { data: unknown[] }).data).toHaveLength(3);
    expect(cpuMs).toBeLessThan(50);
    expect(wallMs).toBeLessThan(1000);
  }, 120_000);

  it('lists cold tabs (two indexes and their members, crypto, forex) while the loop keeps turning', async () => {
    const { value, cpuMs } = await loopHeld(() =>
      Promise.all([
        post(t.app, '/market/list', { tab: 'index', market: 'mxn' }),
        post(t.app, '/market/list', { tab: 'index', market: 'eur' }),
        post(t.app, '/market/list', { tab: 'crypto' }),
        post(t.app, '/market/list', { tab: 'forex', size: 50 }),
        health(),
      ]),
    );
    const [mxn, eur, crypto, forex, status] = value;
    for (const r of [mxn, eur, crypto, forex]) expect(r.http).toBe(200);
    expect((mxn.body.data as { list: unknown[] }).list.length).toBeGreaterThan(0);
    expect((crypto.body.data as { list: unknown[] }).list.length).toBeGreaterThan(5);
    expect(status).toBe(200);
    expect(cpuMs).toBeLessThan(50);
  }, 120_000);

  it('quotes with cold 52-week figures, searches and draws a cold time share while the loop keeps turning', async () => {
    const { value, cpuMs } = await loopHeld(() =>
      Promise.all([
        // a crypto's 52 weeks: 364 days of 1,440 minutes; a stock's: 252 days
        post(t.app, '/market/quote', { instrumentId: 'i_crypto_DOT-USDT' }),
        post(t.app, '/market/quote', { instrumentId: 'i_crypto_LTC-USDT' }),
        post(t.app, '/market/quote', { instrumentId: 'i_usd_AAPL' }),
        post(t.app, '/market/search', { keyword: 'Y' }),
        post(t.app, '/market/candles', { instrumentId: 'i_usd_LVMUY', period: 'time_share' }),
        health(),
      ]),
    );
    const [dot, ltc, aapl, search, timeShare, status] = value;
    for (const r of [dot, ltc, aapl, search, timeShare]) expect(r.http).toBe(200);
    expect((dot.body.data as { high52w: string }).high52w).toMatch(/^\d/);
    expect(status).toBe(200);
    expect(cpuMs).toBeLessThan(50);
  }, 120_000);
});
