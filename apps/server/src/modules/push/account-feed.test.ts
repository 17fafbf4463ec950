import { randomUUID } from 'node:crypto';
import type { WsAccountEvent, WsServerMessage } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, useTestApp, type TestUser } from '../../test/harness.js';

// The engine loop is off: the test reads the changes with `pollOnce`, as the leader does every 200 ms.
const t = useTestApp(undefined, undefined, { engine: false, authCache: { quietMs: 0 } });
const TUESDAY = new Date('2026-03-03T16:00:00Z');
const BTC = 'i_crypto_BTC-USDT';

beforeAll(async () => {
  t.clock.set(TUESDAY);
  await configureChannels(t.app);
});

async function client(): Promise<{
  socket: WebSocket;
  frames: WsServerMessage[];
  until: (match: (m: WsServerMessage) => boolean) => Promise<WsServerMessage>;
}> {
  const socket = await t.app.injectWS('/api/vue/ws');
  const frames: WsServerMessage[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as WsServerMessage));
  const until = async (match: (m: WsServerMessage) => boolean) => {
    for (let i = 0; i < 200; i += 1) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching frame in ${JSON.stringify(frames)}`);
  };
  return { socket, frames, until };
}

const accountEvents = (frames: WsServerMessage[]): WsAccountEvent[] =>
  frames.flatMap((m) => (m.op === 'account' ? [m.data] : []));

async function signIn(user: TestUser) {
  const c = await client();
  c.socket.send(JSON.stringify({ op: 'account', id: 'a1', token: user.headers.token, account: user.headers.account }));
  expect(await c.until((m) => m.op === 'ack' && m.id === 'a1')).toMatchObject({ data: { subscribed: ['account'] } });
  return c;
}

describe('account events on the WebSocket (issue 17 item 3)', () => {
  it("pushes a signed-in user's order and money changes, and nobody else's", async () => {
    const feed = t.deps.accountFeed;
    if (!feed) throw new Error('no account feed');
    const ana = await verifiedUser(t.app);
    const ben = await verifiedUser(t.app);
    await fund(t.app, ana, 'USDT', '10000.00');
    await fund(t.app, ben, 'USDT', '10000.00');
    await feed.pollOnce(); // the feed starts at the newest change: nothing before this is sent
    const anaSocket = await signIn(ana);
    const benSocket = await signIn(ben);

    // a resting limit order far below the price
    const placed = await post(
      t.app,
      '/trade/buy',
      {
        instrumentId: BTC,
        side: 'long',
        orderType: 'limit',
        price: '1000.00',
        // 1,000 lots of 0.001 BTC: one coin, above the minimum opening amount at this price
        lots: 1000,
        leverage: 10,
        requestId: randomUUID(),
      },
      ana.headers,
    );
    expect(placed.body.status, JSON.stringify(placed.body)).toBe(1);
    const orderId = (placed.body.data as { orderId: string }).orderId;
    await feed.pollOnce();
    await anaSocket.until((m) => m.op === 'account' && m.data.kind === 'order' && m.data.orderId === orderId);
    await anaSocket.until((m) => m.op === 'account' && m.data.kind === 'money');
    const events = accountEvents(anaSocket.frames);
    expect(events.find((e) => e.kind === 'order')).toMatchObject({ orderId, instrumentId: BTC, state: 'pending' });
    const money = events.find((e) => e.kind === 'money');
    if (money?.kind !== 'money') throw new Error('no money event');
    // the margin and the fee move out of available into frozen: the changes sum to zero
    expect(money.changes.map((c) => c.currency)).toContain('USDT');
    expect(money.changes.some((c) => c.account === 'available' && c.amount.startsWith('-'))).toBe(true);
    // nothing of Ana's reaches Ben, and a deposit before the feed started was not replayed
    expect(accountEvents(benSocket.frames)).toEqual([]);

    // cancelled: one more event, and the money back
    const cancelled = await post(t.app, '/trade/cancel', { orderId, requestId: randomUUID() }, ana.headers);
    expect(cancelled.body.status, JSON.stringify(cancelled.body)).toBe(1);
    await feed.pollOnce();
    await anaSocket.until((m) => m.op === 'account' && m.data.kind === 'order' && m.data.state === 'cancelled');
    const ids = accountEvents(anaSocket.frames).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(accountEvents(benSocket.frames)).toEqual([]);
    anaSocket.socket.terminate();
    benSocket.socket.terminate();
  });

  it("pushes a price alert's change to its owner only (docs/api.md §22.3)", async () => {
    const feed = t.deps.accountFeed;
    if (!feed) throw new Error('no account feed');
    const ana = await verifiedUser(t.app);
    const ben = await verifiedUser(t.app);
    await feed.pollOnce();
    const anaSocket = await signIn(ana);
    const benSocket = await signIn(ben);
    const quote = await post(t.app, '/market/quote', { instrumentId: BTC });
    const price = (quote.body.data as { price: string }).price;
    // far above the price (×10 by appending a digit before the point): not met now
    const level = price.replace(/^(\d+)/, '$19');
    const created = await post(
      t.app,
      '/alert/create',
      { instrumentId: BTC, kind: 'price_above', value: level },
      ana.headers,
    );
    expect(created.body).toMatchObject({ status: 1 });
    const alertId = (created.body.data as { id: string }).id;
    expect(await post(t.app, '/alert/cancel', { alertId }, ana.headers)).toMatchObject({ body: { status: 1 } });
    await feed.pollOnce();
    const event = await anaSocket.until((m) => m.op === 'account' && m.data.kind === 'alert');
    expect(event).toMatchObject({
      op: 'account',
      data: { kind: 'alert', alertId, instrumentId: BTC, state: 'cancelled', price: null },
    });
    expect(accountEvents(benSocket.frames).filter((e) => e.kind === 'alert')).toEqual([]);
    anaSocket.socket.terminate();
    benSocket.socket.terminate();
  });

  it('refuses a wrong token with auth.required and sends it nothing', async () => {
    const c = await client();
    c.socket.send(JSON.stringify({ op: 'account', id: 'a2', token: 'not-a-token', account: '5215500000000' }));
    expect(await c.until((m) => m.op === 'error' && m.id === 'a2')).toMatchObject({ code: 'auth.required' });
    c.socket.terminate();
  });
});

describe('a signed-out session', () => {
  it('hears no more events once its session is revoked', async () => {
    const feed = t.deps.accountFeed;
    if (!feed) throw new Error('no account feed');
    const cleo = await verifiedUser(t.app);
    await fund(t.app, cleo, 'USDT', '10000.00');
    await feed.pollOnce();
    const c = await signIn(cleo);
    // Cleo signs in elsewhere, then signs the socket's session out
    const again = await post(t.app, '/user/login', { account: cleo.account, password: cleo.password });
    expect(again.body.status, JSON.stringify(again.body)).toBe(1);
    const other = { token: (again.body.data as { token: string }).token, account: cleo.account };
    expect((await post(t.app, '/user/logout', {}, cleo.headers)).body.status).toBe(1);
    // an order through the other session: the signed-out socket must not hear of it
    const placed = await post(
      t.app,
      '/trade/buy',
      {
        instrumentId: BTC,
        side: 'long',
        orderType: 'limit',
        price: '1000.00',
        // 1,000 lots of 0.001 BTC: one coin, above the minimum opening amount at this price
        lots: 1000,
        leverage: 10,
        requestId: randomUUID(),
      },
      other,
    );
    expect(placed.body.status, JSON.stringify(placed.body)).toBe(1);
    await feed.pollOnce();
    expect(await c.until((m) => m.op === 'error')).toMatchObject({ code: 'auth.required' });
    expect(accountEvents(c.frames)).toEqual([]);
    c.socket.terminate();
  });
});
