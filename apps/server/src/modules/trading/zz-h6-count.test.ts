// H6 scratch (deleted before hand-off): counts the SQL statements of one market buy on PostgreSQL
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, useTestApp } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });
const TUESDAY = new Date('2026-03-03T16:00:00Z');
beforeAll(async () => { t.clock.set(TUESDAY); await configureChannels(t.app); });

it('counts statements of a buy', { timeout: 30_000 }, async () => {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, 'USDT', '100000.00');
  const body = () => ({ instrumentId: 'i_crypto_BTC-USDT', side: 'long', orderType: 'market', lots: 1, leverage: 10, requestId: randomUUID() });
  await new Promise((r) => setTimeout(r, 5200)); // the auth cache's quiet period after the KYC update
  expect((await post(t.app, '/trade/buy', body(), u.headers)).body.status).toBe(1);
  const seen: string[] = [];
  const orig = pg.Client.prototype.query;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text: string };
    seen.push((typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 140));
    return (orig as (...a: unknown[]) => unknown).apply(this, args);
  };
  const r = await post(t.app, '/trade/buy', body(), u.headers);
  (pg.Client.prototype as unknown as { query: unknown }).query = orig;
  expect(r.body.status).toBe(1);
  console.log(`STATEMENTS ${seen.length}\n${seen.map((s, i) => `${i + 1}. ${s}`).join('\n')}`);
});
