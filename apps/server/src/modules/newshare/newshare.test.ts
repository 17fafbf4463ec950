import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { AdminNewShare, DrawProof, NewShare, SubscriptionRecord } from '@brokerage/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { allocate, seedHashOf } from './draw.js';
import { runNewShareJobs } from './newshare.jobs.js';

const t = useTestApp(undefined, undefined, { engine: false });
const DAY = 24 * 60 * 60 * 1000;
const run = promisify(execFile);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../scripts/verify-draw.mjs');

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const iso = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);
let codeCounter = 0;

async function createShare(terms: Record<string, unknown> = {}): Promise<AdminNewShare> {
  codeCounter += 1;
  const r = await post(
    t.app,
    '/api/admin/newShare/create',
    {
      kind: 'ipo',
      name: `Test Offering ${codeCounter}`,
      code: `TST${codeCounter}`,
      market: 'mxn',
      issuePrice: '10.00',
      sharesOffered: 30_000,
      minShares: 10_000,
      minInvestment: '100000',
      placementTiers: null,
      maxApplicationsPerUser: 1,
      applyStart: iso(-DAY),
      applyEnd: iso(2 * DAY),
      drawDate: day(3 * DAY),
      paymentDeadline: iso(4 * DAY),
      distributionDate: day(5 * DAY),
      listingDate: day(6 * DAY),
      issueMarket: 'BMV',
      sponsorBroker: 'Test Broker',
      paymentMode: 'prepaid',
      channelOpen: true,
      channelPasswordRequired: false,
      lockDays: 0,
      reason: 'test offering',
      ...terms,
    },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`create: ${JSON.stringify(r.body)}`);
  return data<AdminNewShare>(r);
}

const subscribe = (u: TestUser, body: Record<string, unknown>) =>
  post(t.app, '/newShare/subscribe', { requestId: randomUUID(), ...body }, u.headers);
const draw = async (id: string) =>
  post(t.app, '/api/admin/newShare/draw', { id, reason: 'draw day' }, await adminLogin(t.app, 'admin'));

async function balances(u: TestUser, currency = 'MXN'): Promise<{ available: string; frozen: string }> {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  return data<{ accounts: { currency: string; available: string; frozen: string }[] }>(r).accounts.find(
    (a) => a.currency === currency,
  )!;
}

async function investor(amount = '500000.00'): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, 'MXN', amount);
  return u;
}

/** Logs in again: a clock jump of days expires the idle session (24 h); the user object keeps the fresh token. */
async function relogin(u: TestUser): Promise<void> {
  const token = data<{ token: string }>(
    await post(t.app, '/user/login', { account: u.account, password: u.password }),
  ).token;
  u.token = token;
  u.headers = { token, account: u.account };
}

async function records(u: TestUser): Promise<SubscriptionRecord[]> {
  let r = await post(t.app, '/newShare/records', {}, u.headers);
  if (r.body.code === 'auth.expired' || r.http === 401) {
    await relogin(u);
    r = await post(t.app, '/newShare/records', {}, u.headers);
  }
  return data<{ list: SubscriptionRecord[] }>(r).list;
}

async function verifyWithScript(proof: DrawProof, hash: string): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'draw-'));
  const file = path.join(dir, 'proof.json');
  await writeFile(file, JSON.stringify(proof));
  try {
    const { stdout } = await run(process.execPath, [script, '--file', file, hash]);
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('the draw algorithm', () => {
  it('gives everyone their quantity when not oversubscribed', () => {
    const r = allocate(
      [
        { id: 'a', quantity: 5 },
        { id: 'b', quantity: 7 },
      ],
      20,
      'seed',
    );
    expect([...r.allotted.values()]).toEqual([5, 7]);
    expect(r.totalSubscription).toBe(12);
  });

  it('pro-rates with floor and hands the leftovers out exactly, never above a quantity', () => {
    const apps = Array.from({ length: 7 }, (_, i) => ({ id: `sb_${i}`, quantity: 3 + i }));
    for (const seed of ['one', 'two', 'three']) {
      const r = allocate(apps, 17, seed);
      const sum = [...r.allotted.values()].reduce((a, b) => a + b, 0);
      expect(sum).toBe(17);
      for (const a of apps) {
        const got = r.allotted.get(a.id)!;
        const floor = Math.floor((a.quantity * 17) / 42);
        expect(got === floor || got === floor + 1).toBe(true);
      }
    }
    // the leftovers depend on the seed: some seed orders them differently
    const orders = new Set(
      ['one', 'two', 'three', 'four'].map((s) => JSON.stringify([...allocate(apps, 17, s).allotted])),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('the draw against an independent reference (scripts/verify-draw.mjs)', () => {
  it('never allots more than offered or asked, fills everyone when undersubscribed, repeats for a seed, and matches the script', async () => {
    // the script shares no code with the server: its recomputation is the reference
    const reference = (await import(script)) as {
      recompute: (proof: unknown) => { total: bigint; expected: Map<string, bigint> };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 400_000 }),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
        async (quantities, offered, seed) => {
          const apps = quantities.map((quantity, i) => ({ id: `sb_${i}_${seed.slice(0, 4)}`, quantity }));
          const result = allocate(apps, offered, seed);
          const total = quantities.reduce((a, b) => a + b, 0);
          const sum = [...result.allotted.values()].reduce((a, b) => a + b, 0);
          expect(sum).toBe(Math.min(total, offered));
          for (const a of apps) expect(result.allotted.get(a.id)!).toBeLessThanOrEqual(a.quantity);
          if (total <= offered) for (const a of apps) expect(result.allotted.get(a.id)).toBe(a.quantity);
          expect([...allocate(apps, offered, seed).allotted]).toEqual([...result.allotted]);
          const { expected } = reference.recompute({ seed, sharesOffered: offered, applications: apps });
          for (const a of apps) expect(BigInt(result.allotted.get(a.id)!)).toBe(expected.get(a.id));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('demo offerings', () => {
  it('seeds open, upcoming and drawn offerings; the drawn one verifies with the script and a changed allotment does not', async () => {
    const ipo = data<{ list: { id: string; phase: string }[] }>(await post(t.app, '/newShare/list', { kind: 'ipo' }));
    expect(ipo.list.map((s) => [s.id, s.phase])).toEqual(
      expect.arrayContaining([
        ['ns_demo_nova', 'open'],
        ['ns_demo_andes', 'drawn'],
      ]),
    );
    const detail = data<NewShare>(await post(t.app, '/newShare/detail', { id: 'ns_demo_andes' }));
    expect(detail.drawSeed).not.toBeNull();
    expect(seedHashOf(detail.drawSeed!)).toBe(detail.drawSeedHash);
    expect(detail.totalSubscription).toBe(210_000);
    expect(detail.winningRate).toBe('0.47619047');
    const proof = data<DrawProof>(await post(t.app, '/newShare/drawProof', { id: 'ns_demo_andes' }));
    expect(proof.applications).toHaveLength(12);
    expect(proof.applications.reduce((s, a) => s + a.allotted, 0)).toBe(100_000);
    expect(JSON.stringify(proof)).not.toContain('u_demo_investor');
    const ok = await verifyWithScript(proof, detail.drawSeedHash);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('OK');
    const [first, second] = proof.applications;
    const tampered = {
      ...proof,
      applications: [
        { ...first!, allotted: first!.allotted + 1 },
        { ...second!, allotted: second!.allotted - 1 },
        ...proof.applications.slice(2),
      ],
    };
    const bad = await verifyWithScript(tampered, detail.drawSeedHash);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`MISMATCH ${first!.id}`);
    const otherSeed = await verifyWithScript(proof, seedHashOf('another seed'));
    expect(otherSeed.code).toBe(1);
  });

  it('hides the seed before the draw and refuses the proof', async () => {
    const detail = data<NewShare>(await post(t.app, '/newShare/detail', { id: 'ns_demo_nova' }));
    expect(detail.drawSeed).toBeNull();
    expect(detail.drawSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await post(t.app, '/newShare/drawProof', { id: 'ns_demo_nova' })).body.code).toBe(
      'product.draw_not_allowed',
    );
  });
});

describe('subscribing (§12.3, in order)', () => {
  it('refuses in the contract order and freezes a prepaid application', async () => {
    await configureChannels(t.app);
    const share = await createShare({ minInvestment: '150000' });
    const unverified = await registerUser(t.app);
    expect((await subscribe(unverified, { id: share.id, quantity: 10_000 })).body.code).toBe('kyc.required');
    const u = await investor('120000.00');
    expect((await subscribe(u, { id: 'ns_missing', quantity: 10_000 })).body.code).toBe('product.not_found');
    expect((await subscribe(u, { id: share.id, quantity: 9_999 })).body).toMatchObject({
      code: 'subscription.min_shares',
      params: { min: '10000' },
    });
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body).toMatchObject({
      code: 'subscription.min_funds',
      params: { min: '150000.00', currency: 'MXN' },
    });
    expect((await subscribe(u, { id: share.id, quantity: 15_000 })).body).toMatchObject({
      code: 'funds.insufficient_available',
      params: { available: '120000.00', required: '150000.00' },
    });
    await fund(t.app, u, 'MXN', '100000.00');
    const ok = await subscribe(u, { id: share.id, quantity: 15_000 });
    expect(ok.body).toMatchObject({ status: 1, code: 'result.subscribe.ok' });
    expect(data<SubscriptionRecord>(ok)).toMatchObject({
      state: 'applied',
      amount: '150000.00',
      frozenAmount: '150000.00',
    });
    expect(await balances(u)).toMatchObject({ available: '70000.00', frozen: '150000.00' });
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body).toMatchObject({
      code: 'subscription.limit_reached',
      params: { count: '1' },
    });
  });

  it('refuses outside the window and on a closed channel', async () => {
    const u = await investor();
    const later = await createShare({ applyStart: iso(DAY), applyEnd: iso(2 * DAY) });
    expect((await subscribe(u, { id: later.id, quantity: 10_000 })).body.code).toBe('subscription.not_started');
    const closed = await createShare({ channelOpen: false });
    expect((await subscribe(u, { id: closed.id, quantity: 10_000 })).body.code).toBe('subscription.channel_closed');
  });

  it('checks the placement minimum of the account type', async () => {
    const u = await investor();
    const placement = await createShare({
      kind: 'placement',
      minShares: 100,
      minInvestment: '1000',
      placementTiers: [{ accountType: 'standard', minAmount: '50000.00' }],
    });
    expect((await subscribe(u, { id: placement.id, quantity: 4_000 })).body).toMatchObject({
      code: 'subscription.placement_min_amount',
      params: { min: '50000.00' },
    });
    expect((await subscribe(u, { id: placement.id, quantity: 5_000 })).body).toMatchObject({
      status: 1,
      code: 'result.placement.ok',
    });
  });

  it('guards a channel password: wrong, then locked out after 5 failures', async () => {
    const created = await createShare({ channelPasswordRequired: true });
    expect(created.channelPassword).toMatch(/^[A-Z2-9]{16}$/);
    const u = await investor();
    expect((await subscribe(u, { id: created.id, quantity: 10_000 })).body.code).toBe('password.channel_wrong');
    expect((await subscribe(u, { id: created.id, quantity: 10_000, channelPassword: 'WRONGWRONG' })).body.code).toBe(
      'password.channel_wrong',
    );
    const ok = await subscribe(u, { id: created.id, quantity: 10_000, channelPassword: created.channelPassword });
    expect(ok.body.status).toBe(1);
    const other = await investor();
    for (let i = 0; i < 5; i += 1)
      await subscribe(other, { id: created.id, quantity: 10_000, channelPassword: 'WRONGWRONG' });
    const locked = await subscribe(other, {
      id: created.id,
      quantity: 10_000,
      channelPassword: created.channelPassword,
    });
    expect(locked.http).toBe(429);
    // the audit log never holds the password
    const audit = await post(t.app, '/api/admin/audit/list', { page: 1, size: 50 }, await adminLogin(t.app, 'admin'));
    expect(JSON.stringify(audit.body)).not.toContain(created.channelPassword!);
  });

  it('counts a burst of channel passwords before checking them: 5 evaluated, the right one in it refused (issue 18)', async () => {
    const created = await createShare({ channelPasswordRequired: true });
    const u = await investor();
    const guesses = [...Array.from({ length: 11 }, (_, i) => `WRONGWRONG${i}`), created.channelPassword];
    const answers = await Promise.all(
      guesses.map((channelPassword) => subscribe(u, { id: created.id, quantity: 10_000, channelPassword })),
    );
    // at most 5 wrong ones checked, in whatever order the pool runs them (a right one gives its
    // attempt back, so one more may be evaluated after it); the rest 429
    expect(answers.filter((a) => a.body.code === 'password.channel_wrong').length).toBeLessThanOrEqual(5);
    expect(
      answers.filter((a) => a.body.code === 'password.channel_wrong' || a.body.status === 1).length,
    ).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.http === 429).length).toBeGreaterThanOrEqual(6);
  });

  it('never lets concurrent applications pass the per-user limit', async () => {
    const share = await createShare({ maxApplicationsPerUser: 2 });
    const u = await investor('1000000.00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => subscribe(u, { id: share.id, quantity: 10_000 })),
    );
    expect(answers.filter((r) => r.body.status === 1)).toHaveLength(2);
    expect(answers.filter((r) => r.body.code === 'subscription.limit_reached')).toHaveLength(4);
    expect(await balances(u)).toMatchObject({ available: '800000.00', frozen: '200000.00' });
  });

  it('locks the terms once someone applied', async () => {
    const share = await createShare();
    const u = await investor();
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body.status).toBe(1);
    const admin = await adminLogin(t.app, 'admin');
    const r = await post(
      t.app,
      '/api/admin/newShare/update',
      { id: share.id, issuePrice: '9.00', reason: 'reprice' },
      admin,
    );
    expect(r.body).toMatchObject({ code: 'product.terms_locked', params: { fields: { issuePrice: 'not_allowed' } } });
    const rename = await post(
      t.app,
      '/api/admin/newShare/update',
      { id: share.id, sponsorBroker: 'Other Broker', reason: 'typo' },
      admin,
    );
    expect(data<AdminNewShare>(rename)).toMatchObject({ sponsorBroker: 'Other Broker', applicationsCount: 1 });
  });
});

describe('the draw, payment and listing', () => {
  it('prepaid: pro-rata allotment paid from the frozen funds, the rest released, once, then listed as a position', async () => {
    const share = await createShare({ sharesOffered: 30_000, minInvestment: '100000' });
    const a = await investor();
    const b = await investor();
    expect((await subscribe(a, { id: share.id, quantity: 20_000 })).body.status).toBe(1);
    expect((await subscribe(b, { id: share.id, quantity: 30_000 })).body.status).toBe(1);
    expect((await draw(share.id)).body.code).toBe('product.draw_not_allowed');
    t.clock.advance(2 * DAY + 1000);
    const result = await draw(share.id);
    expect(data<{ totalSubscription: number; winningRate: string; winnersCount: number }>(result)).toMatchObject({
      totalSubscription: 50_000,
      winningRate: '0.6',
      winnersCount: 2,
    });
    expect((await draw(share.id)).body.code).toBe('product.draw_not_allowed');
    const [ra] = await records(a);
    const [rb] = await records(b);
    expect(ra!.allottedQuantity + rb!.allottedQuantity).toBe(30_000);
    expect([ra!.allottedQuantity, rb!.allottedQuantity]).toEqual([12_000, 18_000]);
    expect(ra).toMatchObject({ state: 'paid', amountPaid: '120000.00', frozenAmount: '0.00' });
    expect(ra!.history.map((h) => h.state)).toEqual(['applied', 'pending_draw', 'won', 'paid']);
    expect(await balances(a)).toMatchObject({ available: '380000.00', frozen: '0.00' });
    const proof = data<DrawProof>(await post(t.app, '/newShare/drawProof', { id: share.id }));
    expect((await verifyWithScript(proof, share.drawSeedHash)).code).toBe(0);

    // listing day: the job turns the paid allotment into a position at the issue price
    t.clock.advance(5 * DAY);
    const jobs = await runNewShareJobs(t.deps);
    expect(jobs.listed).toBe(2);
    const [listed] = await records(a);
    expect(listed!.state).toBe('listed');
    const positions = await post(t.app, '/trade/userstocklist', { type: 'mxn' }, a.headers);
    const list = data<{ list: { code: string; source: string; lots: number; costPrice: string; state: string }[] }>(
      positions,
    ).list;
    expect(list.find((p) => p.code === share.code)).toMatchObject({ source: 'ipo', lots: 12_000, state: 'holding' });
    expect((await runNewShareJobs(t.deps)).listed).toBe(0);
  });

  it('on allotment: pay refuses when short, pays once; waive; a missed deadline lapses', async () => {
    const share = await createShare({ paymentMode: 'on_allotment', sharesOffered: 100_000, minInvestment: '100000' });
    const payer = await investor('200000.00');
    const waiver = await investor('200000.00');
    const late = await investor('200000.00');
    for (const u of [payer, waiver, late])
      expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body.status).toBe(1);
    expect(await balances(payer)).toMatchObject({ available: '200000.00', frozen: '0.00' });
    t.clock.advance(2 * DAY + 1000);
    expect((await draw(share.id)).body.status).toBe(1);
    const [rec] = await records(payer);
    expect(rec).toMatchObject({ state: 'awaiting_payment', allottedQuantity: 10_000, amountPayable: '100000.00' });
    const other = await investor('1000.00');
    expect(
      (await post(t.app, '/newShare/pay', { subscriptionId: rec!.id, requestId: randomUUID() }, other.headers)).body
        .code,
    ).toBe('record.not_found');
    const paid = await post(
      t.app,
      '/newShare/pay',
      { subscriptionId: rec!.id, requestId: randomUUID() },
      payer.headers,
    );
    expect(data<SubscriptionRecord>(paid)).toMatchObject({ state: 'paid', amountPaid: '100000.00' });
    expect(await balances(payer)).toMatchObject({ available: '100000.00' });
    expect(
      (await post(t.app, '/newShare/pay', { subscriptionId: rec!.id, requestId: randomUUID() }, payer.headers)).body,
    ).toMatchObject({
      code: 'subscription.not_awaiting_payment',
      params: { state: 'paid' },
    });
    const [w] = await records(waiver);
    expect(
      data<SubscriptionRecord>(await post(t.app, '/newShare/waive', { subscriptionId: w!.id }, waiver.headers)).state,
    ).toBe('waived');
    t.clock.advance(2 * DAY);
    expect((await runNewShareJobs(t.deps)).lapsed).toBeGreaterThanOrEqual(1);
    const [l] = await records(late);
    expect(l!.state).toBe('payment_failed');
  });

  it('counts paid, not yet listed allotments in investValue: total assets do not drop on payment (§1.10)', async () => {
    const share = await createShare({ paymentMode: 'on_allotment', sharesOffered: 100_000, minInvestment: '100000' });
    const u = await investor('200000.00');
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body.status).toBe(1);
    t.clock.advance(2 * DAY + 1000);
    expect((await draw(share.id)).body.status).toBe(1);
    await relogin(u);
    const account = async () =>
      data<{ accounts: { currency: string; investValue: string; totalAssets: string }[] }>(
        await post(t.app, '/user/assets', { currency: 'MXN' }, u.headers),
      ).accounts.find((a) => a.currency === 'MXN')!;
    expect(await account()).toMatchObject({ investValue: '0.00', totalAssets: '200000.00' });
    const [rec] = await records(u);
    const paid = await post(t.app, '/newShare/pay', { subscriptionId: rec!.id, requestId: randomUUID() }, u.headers);
    expect(data<SubscriptionRecord>(paid)).toMatchObject({ state: 'paid', amountPaid: '100000.00' });
    expect(await account()).toMatchObject({ investValue: '100000.00', totalAssets: '200000.00' });
  });

  it('a payment raced by the deadline has exactly one outcome', async () => {
    const share = await createShare({ paymentMode: 'on_allotment', sharesOffered: 100_000, minInvestment: '100000' });
    const u = await investor('200000.00');
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body.status).toBe(1);
    t.clock.advance(2 * DAY + 1000);
    expect((await draw(share.id)).body.status).toBe(1);
    const [rec] = await records(u);
    // the deadline is 4 days after creation: 2 days and 1 s have passed; move to its last second
    t.clock.advance(2 * DAY - 2000);
    const [paid, jobs] = await Promise.all([
      post(t.app, '/newShare/pay', { subscriptionId: rec!.id, requestId: randomUUID() }, u.headers),
      (async () => {
        t.clock.advance(1500);
        return runNewShareJobs(t.deps);
      })(),
    ]);
    const [after] = await records(u);
    const b = await balances(u);
    if (after!.state === 'paid') {
      expect(paid.body.status).toBe(1);
      expect(b.available).toBe('100000.00');
    } else {
      expect(after!.state).toBe('payment_failed');
      expect(paid.body.status).toBe(0);
      expect(jobs.lapsed).toBe(1);
      expect(b.available).toBe('200000.00');
    }
  });

  it('prepaid and not allotted: every frozen unit comes back', async () => {
    // 3 applications of 1 share for 2 shares: every floor is 0, the seed's order gives 2 leftovers
    const share = await createShare({ kind: 'capital_increase', minShares: 1, minInvestment: '10', sharesOffered: 2 });
    const users = [await investor(), await investor(), await investor()];
    for (const u of users) expect((await subscribe(u, { id: share.id, quantity: 1 })).body.status).toBe(1);
    t.clock.advance(2 * DAY + 1000);
    expect(data<{ winnersCount: number }>(await draw(share.id)).winnersCount).toBe(2);
    const states: string[] = [];
    for (const u of users) states.push((await records(u))[0]!.state);
    expect(states.filter((s) => s === 'lost')).toHaveLength(1);
    for (const u of users) expect(await balances(u)).toMatchObject({ frozen: '0.00' });
    const loser = users[states.indexOf('lost')]!;
    expect((await balances(loser)).available).toBe('500000.00');
  });
});

describe('the application window (issue 29)', () => {
  it('never reopens: applyEnd is locked under waiting applications, nothing changes after it, and the proof dates every application', async () => {
    const share = await createShare();
    const u = await investor();
    expect((await subscribe(u, { id: share.id, quantity: 10_000 })).body.status).toBe(1);
    // a fresh admin session each time: the clock jumps days
    const update = async (changes: Record<string, unknown>) =>
      post(
        t.app,
        '/api/admin/newShare/update',
        { id: share.id, reason: 'window', ...changes },
        await adminLogin(t.app, 'admin'),
      );
    expect((await update({ applyEnd: iso(3 * DAY) })).body).toMatchObject({
      code: 'product.terms_locked',
      params: { fields: { applyEnd: 'not_allowed' } },
    });
    t.clock.advance(2 * DAY + 1000);
    // past the deadline: reopening is refused, and so is any other term
    expect((await update({ applyEnd: iso(2 * 3_600_000) })).body).toMatchObject({
      code: 'product.terms_locked',
      params: { fields: { applyEnd: 'not_allowed' } },
    });
    expect((await update({ sponsorBroker: 'Late Broker' })).body).toMatchObject({
      code: 'product.terms_locked',
      params: { fields: { sponsorBroker: 'not_allowed' } },
    });
    const late = await investor();
    expect((await subscribe(late, { id: share.id, quantity: 10_000 })).body.status).toBe(0);
    expect((await draw(share.id)).body.status).toBe(1);
    const proof = data<DrawProof>(await post(t.app, '/newShare/drawProof', { id: share.id }));
    expect(proof.applyEnd).toBe(share.applyEnd);
    expect(proof.applications).toHaveLength(1);
    expect(Date.parse(proof.applications[0]!.appliedAt)).toBeLessThan(Date.parse(proof.applyEnd));
    expect((await verifyWithScript(proof, share.drawSeedHash)).code).toBe(0);
    // a proof with an application after the window fails the public check
    const lateProof = {
      ...proof,
      applications: proof.applications.map((a) => ({ ...a, appliedAt: iso(3_600_000) })),
    };
    const checked = await verifyWithScript(lateProof, share.drawSeedHash);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain('after the window closed');
  });
});
