/**
 * Web Push end to end (docs/api.md §22.4): subscriptions and preferences through HTTP, a real
 * alert firing, and its push arriving at a push service on loopback, VAPID-signed and encrypted
 * for the subscription's keys, in the subscription's language.
 */
import { Dec, type MessageCode, type MessageOf, type PushPrefs } from '@brokerage/contract';
import { codeMessages } from '@brokerage/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { transaction } from '../../platform/db.js';
import { post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  browserKeys,
  decryptPush,
  startPushService,
  verifyVapid,
  type PushServiceStub,
} from '../../test/push-service.js';
import { AlertEvaluator, type AlertJobDeps } from '../alerts/index.js';
import type { FeedQuote } from '../market/index.js';
import { sendMessage } from '../messages/index.js';
import { PushDelivery, RETRY_WINDOW_MS } from './push.delivery.js';
import { pendingOfUser } from './push.deliveries.repository.js';
import type { Resolver } from './push.endpoint.js';
import { loadVapid } from './push.keys.js';
import { MAX_SUBSCRIPTIONS } from './push.service.js';

const AAPL = 'i_usd_AAPL';

/** Names the test's DNS answers (the guard asks it at subscribe time and at every send). */
const dns = new Map<string, string[]>([
  ['push.example.net', ['93.184.216.34']],
  ['flip.example.net', ['93.184.216.35']],
  ['loopback.example.net', ['127.0.0.1']],
  ['mixed.example.net', ['93.184.216.36', '10.1.2.3']],
  ['metadata.example.net', ['169.254.169.254']],
  ['v6meta.example.net', ['fd00:ec2::254']],
]);
const resolve: Resolver = async (name) => {
  const found = dns.get(name);
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const t = useTestApp(undefined, undefined, {
  engine: false,
  config: loadConfig({ PUSH_TEST_ENDPOINTS: '1' }),
  push: { resolve },
});
let service: PushServiceStub;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
let endpointCounter = 0;
const newEndpoint = () => `${service.origin}/push/${++endpointCounter}`;

async function delivery(timeoutMs = 5_000): Promise<PushDelivery> {
  // the same identity the app loaded: the row in the database
  const vapid = await loadVapid(t.database.db, t.clock, t.deps.config);
  return new PushDelivery({
    db: t.database.db,
    clock: t.clock,
    vapid: () => vapid,
    policy: { allowTestEndpoints: true, resolve },
    pushKindOf: (code) => t.deps.messageKinds.get(code as MessageCode)?.push ?? null,
    timeoutMs,
  });
}

function fakeFeed(overrides: Map<string, Partial<FeedQuote>>): AlertJobDeps['feed'] {
  return {
    instrument: (id) => t.deps.feed.instrument(id),
    quote: (id) => ({ ...t.deps.feed.quote(id), stale: false, ...overrides.get(id) }),
  };
}

async function subscribe(u: TestUser, endpoint: string, lang = 'de', keys = browserKeys().keys) {
  return post(t.app, '/push/subscribe', { endpoint, keys, lang }, u.headers);
}

/** An alert fired for `u` on AAPL: created through HTTP, the price moved above it, the evaluation run. */
async function fireAnAlert(u: TestUser): Promise<{ value: string; price: string }> {
  const last = new Dec(t.deps.feed.quote(AAPL).price);
  const value = last.times('1.1').toFixed(2);
  const created = await post(t.app, '/alert/create', { instrumentId: AAPL, kind: 'price_above', value }, u.headers);
  expect(created.body.status, JSON.stringify(created.body)).toBe(1);
  const price = new Dec(value).plus('1234.5').toFixed(2);
  const overrides = new Map<string, Partial<FeedQuote>>([[AAPL, { price }]]);
  const report = await new AlertEvaluator({ db: t.database.db, clock: t.clock, feed: fakeFeed(overrides) }).tick();
  expect(report.fired).toBeGreaterThanOrEqual(1);
  return { value, price };
}

describe('POST /push/config', () => {
  it('answers the VAPID public key without a session, the same every time', async () => {
    const one = await post(t.app, '/push/config', {});
    expect(one.body).toMatchObject({ status: 1 });
    const key = data<{ vapidPublicKey: string }>(one).vapidPublicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(data<{ vapidPublicKey: string }>(await post(t.app, '/push/config', {})).vapidPublicKey).toBe(key);
  });

  it('keeps one generated pair for every instance, and takes a configured pair over it', async () => {
    const config = { vapidPublicKey: null, vapidPrivateKey: null, vapidSubject: 'mailto:x@y.z' };
    // two instances starting at once: both read the row the first insert wrote
    const [a, b] = await Promise.all([
      loadVapid(t.database.db, t.clock, config),
      loadVapid(t.database.db, t.clock, config),
    ]);
    expect(a.keys).toEqual(b.keys);
    const served = data<{ vapidPublicKey: string }>(await post(t.app, '/push/config', {})).vapidPublicKey;
    expect(a.keys.publicKey).toBe(served);
    const { generateVapidKeys } = await import('./push.crypto.js');
    const own = generateVapidKeys();
    const configured = await loadVapid(t.database.db, t.clock, {
      ...config,
      vapidPublicKey: own.publicKey,
      vapidPrivateKey: own.privateKey,
    });
    expect(configured.keys).toEqual(own);
  });
});

describe('POST /push/subscribe, /push/unsubscribe, /push/prefs', () => {
  it('stores a subscription, updates it for the same endpoint, and removes only the caller’s own', async () => {
    const ana = await registerUser(t.app);
    const ben = await registerUser(t.app);
    const endpoint = newEndpoint();
    const first = await subscribe(ana, endpoint, 'de');
    expect(first.body).toMatchObject({ status: 1, code: 'result.push.ok' });
    const id = data<{ id: string }>(first).id;
    const again = await subscribe(ana, endpoint, 'kor');
    expect(data<{ id: string }>(again).id).toBe(id);
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, ana.headers)).devices).toBe(1);
    // Ben cannot remove Ana's subscription
    expect((await post(t.app, '/push/unsubscribe', { endpoint }, ben.headers)).body).toMatchObject({
      status: 1,
      data: null,
    });
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, ana.headers)).devices).toBe(1);
    expect((await post(t.app, '/push/unsubscribe', { endpoint }, ana.headers)).body).toMatchObject({ status: 1 });
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, ana.headers)).devices).toBe(0);
    // without a session: refused
    expect(
      (await post(t.app, '/push/subscribe', { endpoint, keys: browserKeys().keys, lang: 'en' })).body,
    ).toMatchObject({ status: 0, code: 'auth.required' });
  });

  it('keeps at most 10 subscriptions per user: the least recently subscribed goes', async () => {
    const u = await registerUser(t.app);
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS; i++) {
      const endpoint = newEndpoint();
      endpoints.push(endpoint);
      expect((await subscribe(u, endpoint)).body.status).toBe(1);
      t.clock.advance(1_000);
      // the first one renewed after the second: the second is the oldest when the 11th comes
      if (i === 1) expect((await subscribe(u, endpoints[0]!)).body.status).toBe(1);
    }
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers)).devices).toBe(MAX_SUBSCRIPTIONS);
    const { endpointsOf } = await import('./push.subscriptions.repository.js');
    const kept = await endpointsOf(t.database.db, u.id);
    expect(kept).not.toContain(endpoints[1]);
    expect(kept).toContain(endpoints[0]);
    expect(kept).toContain(endpoints[MAX_SUBSCRIPTIONS]);
  });

  it('answers the preferences, all on by default, and changes only the kinds given', async () => {
    const u = await registerUser(t.app);
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers))).toEqual({
      alerts: true,
      orders: true,
      money: true,
      products: true,
      devices: 0,
    });
    const changed = await post(t.app, '/push/prefs', { orders: false }, u.headers);
    expect(data<PushPrefs>(changed)).toMatchObject({ alerts: true, orders: false, money: true, products: true });
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', { money: false }, u.headers))).toMatchObject({
      orders: false,
      money: false,
    });
    expect((await post(t.app, '/push/prefs', { alerts: 'no' }, u.headers)).body).toMatchObject({
      status: 0,
      code: 'request.invalid',
    });
  });

  it('refuses endpoints that could reach inside the network (SSRF), before and after DNS', async () => {
    const u = await registerUser(t.app);
    const refused = [
      'http://push.example.net/x', // not https
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00:ec2::254]/x',
      'https://127.0.0.2/x', // loopback, but not the test servers' address
      'https://2130706434/x', // 127.0.0.2 written as a number
      'https://0x7f.2/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'https://user:secret@push.example.net/x',
      'ftp://push.example.net/x',
      'not a url',
      'https://loopback.example.net/x', // a name resolving to 127.0.0.1, even on a test server
      'https://mixed.example.net/x', // one private address among public ones
      'https://metadata.example.net/x',
      'https://v6meta.example.net/x',
      'https://nowhere.example.net/x', // does not resolve
      'http://127.0.0.1.nip.io/x',
    ];
    for (const endpoint of refused) {
      const r = await subscribe(u, endpoint);
      expect(r.body, endpoint).toMatchObject({
        status: 0,
        code: 'request.invalid',
        params: { fields: { endpoint: 'not_allowed' } },
      });
    }
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers)).devices).toBe(0);
    expect((await subscribe(u, 'https://push.example.net/send/abc')).body.status).toBe(1);
    // keys a browser would not send: a point off the curve, a short auth secret
    const keys = browserKeys().keys;
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const badPoint = await subscribe(u, newEndpoint(), 'en', { ...keys, p256dh: offCurve.toString('base64url') });
    expect(badPoint.body).toMatchObject({ code: 'request.invalid', params: { fields: { 'keys.p256dh': 'format' } } });
    const shortAuth = await subscribe(u, newEndpoint(), 'en', {
      ...keys,
      auth: Buffer.alloc(12).toString('base64url'),
    });
    expect(shortAuth.body).toMatchObject({ code: 'request.invalid', params: { fields: { 'keys.auth': 'format' } } });
  });
});

describe('a personal message pushed (the outbox and its job)', () => {
  it('pushes a fired alert to the loopback push service: VAPID-signed, encrypted, in German', async () => {
    const u = await registerUser(t.app);
    const browser = browserKeys();
    const endpoint = newEndpoint();
    expect((await subscribe(u, endpoint, 'de', browser.keys)).body.status).toBe(1);
    const before = service.received.length;
    const { value, price } = await fireAnAlert(u);
    // queued with the message, in its transaction; nothing sent yet
    expect(await pendingOfUser(t.database.db, u.id)).toMatchObject([{ code: 'message.alert.price_above' }]);
    expect(service.received).toHaveLength(before);

    const report = await (await delivery()).tick();
    expect(report).toMatchObject({ sent: 1 });
    expect(await pendingOfUser(t.database.db, u.id)).toEqual([]);
    const got = service.received.at(-1)!;
    expect(got.path).toBe(new URL(endpoint).pathname);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);

    const vapidKey = data<{ vapidPublicKey: string }>(await post(t.app, '/push/config', {})).vapidPublicKey;
    const claims = verifyVapid(String(got.headers.authorization), vapidKey);
    expect(claims.aud).toBe(service.origin);
    const nowSeconds = t.clock.now().getTime() / 1000;
    expect(claims.exp).toBeGreaterThan(nowSeconds);
    expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 60 * 60);
    expect(claims.sub).toMatch(/^(mailto|https):/);

    const payload = JSON.parse(decryptPush(got.body, browser.privateKey, browser.auth).toString('utf8')) as Record<
      string,
      string
    >;
    const de = codeMessages.de;
    expect(payload.title).toBe(de['message.alert.price_above.title']!.replace('{code}', 'AAPL'));
    expect(payload.title).toBe('AAPL hat Ihren Alarm erreicht');
    // the German text with German separators: "1.234,56"
    const german = (s: string) => s.replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))(?=\d*,)/g, '.');
    expect(payload.body).toContain(german(price));
    expect(payload.body).toContain(german(value));
    expect(payload.body).toContain('Alarmschwelle');
    expect(payload.url).toMatch(/^\/information\/msgInfo\?id=nt_/);
    expect(payload.tag).toBe('alert:AAPL');
    expect(got.body.length).toBeLessThan(4096);
  });

  it('sends nothing for a kind the user turned off', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    expect((await post(t.app, '/push/prefs', { alerts: false }, u.headers)).body.status).toBe(1);
    const before = service.received.length;
    await fireAnAlert(u);
    const report = await (await delivery()).tick();
    expect(report).toMatchObject({ sent: 0, dropped: 1 });
    expect(service.received).toHaveLength(before);
    expect(await pendingOfUser(t.database.db, u.id)).toEqual([]);
  });

  it('pushes a sign-in from a new device with every preference turned off (security cannot be)', async () => {
    const u = await registerUser(t.app);
    const browser = browserKeys();
    expect((await subscribe(u, newEndpoint(), 'de', browser.keys)).body.status).toBe(1);
    const off = { alerts: false, orders: false, money: false, products: false };
    expect((await post(t.app, '/push/prefs', off, u.headers)).body.status).toBe(1);
    const before = service.received.length;
    const login = await post(
      t.app,
      '/user/login',
      { account: u.account, password: u.password },
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36' },
      '203.0.113.77',
    );
    expect(login.body.status).toBe(1);
    expect(await (await delivery()).tick()).toMatchObject({ sent: 1, dropped: 0 });
    expect(service.received).toHaveLength(before + 1);
    const got = service.received.at(-1)!;
    const payload = JSON.parse(decryptPush(got.body, browser.privateKey, browser.auth).toString('utf8')) as Record<
      string,
      string
    >;
    expect(payload.title).toBe(codeMessages.de['message.security.new_login.title']);
    expect(payload.body).toContain('203.0.113.0/24');
  });

  it('queues with any personal message, sends only the codes declared with a push kind', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint(), 'esp')).body.status).toBe(1);
    const silent = [...t.deps.messageKinds].find(([, v]) => v.push === null)?.[0];
    const money = [...t.deps.messageKinds].find(([, v]) => v.push === 'money')?.[0];
    if (!silent || !money) throw new Error('expected a silent and a money message kind');
    const before = service.received.length;
    const paramsOf = (code: string) =>
      Object.fromEntries(
        [...(codeMessages.en[`${code}.body`] ?? '').matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '10.00']),
      );
    await transaction(t.database.db, async (tx) => {
      await sendMessage(tx, t.clock, u.id, { code: silent, params: paramsOf(silent) } as MessageOf);
      await sendMessage(tx, t.clock, u.id, { code: money, params: paramsOf(money) } as MessageOf);
    });
    expect(await pendingOfUser(t.database.db, u.id)).toHaveLength(2);
    // a message whose transaction rolls back queues nothing
    await transaction(t.database.db, async (tx) => {
      await sendMessage(tx, t.clock, u.id, { code: money, params: paramsOf(money) } as MessageOf);
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(await pendingOfUser(t.database.db, u.id)).toHaveLength(2);
    expect(await (await delivery()).tick()).toMatchObject({ sent: 1, dropped: 1 });
    expect(service.received.length - before).toBe(1);
  });

  it('does not send a message over an hour old (the sender was down)', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    await fireAnAlert(u);
    const before = service.received.length;
    t.clock.advance(RETRY_WINDOW_MS + 1_000);
    expect(await (await delivery()).tick()).toMatchObject({ sent: 0, dropped: 1 });
    expect(service.received).toHaveLength(before);
  });

  it('removes the subscription when the push service answers 404 or 410', async () => {
    for (const status of [404, 410]) {
      const u = await registerUser(t.app);
      expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
      await fireAnAlert(u);
      service.answers.push({ status });
      expect(await (await delivery()).tick()).toMatchObject({ gone: 1 });
      expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers)).devices, String(status)).toBe(0);
      expect(await pendingOfUser(t.database.db, u.id)).toEqual([]);
    }
  });

  it('retries 429 after Retry-After and 5xx with a growing back-off, then gives up after an hour', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    await fireAnAlert(u);
    const sender = await delivery();
    const before = service.received.length;
    service.answers.push({ status: 429, headers: { 'Retry-After': '120' } });
    expect(await sender.tick()).toMatchObject({ retried: 1 });
    const [pending] = await pendingOfUser(t.database.db, u.id);
    expect(pending?.dueAt.getTime()).toBe(t.clock.now().getTime() + 120_000);
    // not due yet: nothing sent
    t.clock.advance(119_000);
    expect(await sender.tick()).toMatchObject({ sent: 0, retried: 0 });
    expect(service.received).toHaveLength(before + 1);
    t.clock.advance(1_000);
    service.answers.push({ status: 503 });
    expect(await sender.tick()).toMatchObject({ retried: 1 });
    // the second try failed: 20 s (10 s doubling)
    const [second] = await pendingOfUser(t.database.db, u.id);
    expect(second?.dueAt.getTime()).toBe(t.clock.now().getTime() + 20_000);
    t.clock.advance(20_000);
    expect(await sender.tick()).toMatchObject({ sent: 1 });
    expect(service.received).toHaveLength(before + 3);

    // an hour of failures: dropped, and the subscription stays
    await fireAnAlert(u);
    for (let i = 0; i < 30; i++) service.answers.push({ status: 500 });
    let dropped = 0;
    for (let i = 0; i < 30 && dropped === 0; i++) {
      dropped = (await sender.tick()).dropped;
      const [next] = await pendingOfUser(t.database.db, u.id);
      if (next) t.clock.set(next.dueAt);
    }
    expect(dropped).toBe(1);
    expect(await pendingOfUser(t.database.db, u.id)).toEqual([]);
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers)).devices).toBe(1);
    service.answers.length = 0;
    expect(RETRY_WINDOW_MS).toBe(3_600_000);
  });

  it('drops other 4xx answers at once, and a network error is retried', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    await fireAnAlert(u);
    service.answers.push({ status: 400 });
    expect(await (await delivery()).tick()).toMatchObject({ dropped: 1 });
    expect(data<PushPrefs>(await post(t.app, '/push/prefs', {}, u.headers)).devices).toBe(1);

    // a push service that is not there (a closed port): retried
    const v = await registerUser(t.app);
    const closed = await startPushService();
    await closed.close();
    expect((await subscribe(v, `${closed.origin}/push/x`)).body.status).toBe(1);
    await fireAnAlert(v);
    expect(await (await delivery(1_000)).tick()).toMatchObject({ retried: 1 });
  });

  it('refuses at send time a name that now resolves inside the network (DNS rebinding)', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, 'https://flip.example.net/push/1')).body.status).toBe(1);
    await fireAnAlert(u);
    dns.set('flip.example.net', ['127.0.0.1']);
    // refused by the connection's own lookup: dropped, no network error and no retry
    expect(await (await delivery()).tick()).toMatchObject({ dropped: 1, retried: 0 });
    expect(await pendingOfUser(t.database.db, u.id)).toEqual([]);
  });

  it('sends one delivery once when two senders claim at the same time', async () => {
    const u = await registerUser(t.app);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    expect((await subscribe(u, newEndpoint())).body.status).toBe(1);
    const before = service.received.length;
    await fireAnAlert(u);
    const [a, b] = await Promise.all([(await delivery()).tick(), (await delivery()).tick()]);
    expect(a.sent + b.sent).toBe(2);
    expect(service.received.length - before).toBe(2);
    expect(new Set(service.received.slice(before).map((r) => r.path)).size).toBe(2);
  });
});
