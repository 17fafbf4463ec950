/**
 * The proof of liabilities over HTTP (docs/api.md §25): operator publish, the public reads, every
 * user's path verified with the contract's verifier, totals against the ledger, one proof per
 * scheduled instant under two publishers, and nothing left by a crash mid-build.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Money, verifyPath, type ProofMine, type ProofSummary } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, transaction } from '../../platform/db.js';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, useTestApp, type TestUser } from '../../test/harness.js';
import { runProofJob } from './proof.jobs.js';
import { publishProof } from './proof.service.js';

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../scripts/verify-liabilities.mjs',
);
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('proof of liabilities', () => {
  const t = useTestApp();
  const users: TestUser[] = [];
  const count = async (table: string) =>
    Number(
      rowsOf<{ n: string }>(await t.database.db.execute(sql.raw(`select count(*)::text as n from ${table}`)))[0]!.n,
    );

  it('has no proof before the first one', async () => {
    const r = await post(t.app, '/proof/latest', {});
    expect(r.body).toMatchObject({ status: 1, data: null });
  });

  it('publishes on demand; every user with an account has a leaf whose path verifies', async () => {
    await configureChannels(t.app);
    for (const amount of ['1000.00', '250.55', '100.01']) {
      const u = await verifiedUser(t.app);
      await fund(t.app, u, 'MXN', amount);
      users.push(u);
    }
    await fund(t.app, users[0]!, 'USD', '99.99');
    const admin = await adminLogin(t.app);
    const refused = await post(t.app, '/api/admin/proof/publish', { reason: 'x' }, admin);
    expect(refused.body.code).toBe('request.invalid');
    const support = await post(
      t.app,
      '/api/admin/proof/publish',
      { reason: 'monthly check' },
      await adminLogin(t.app, 'support'),
    );
    expect(support.body.code).toBe('auth.forbidden');
    const r = await post(t.app, '/api/admin/proof/publish', { reason: 'monthly check' }, admin);
    expect(r.body).toMatchObject({ status: 1, code: 'result.update.ok' });
    const proof = r.body.data as ProofSummary;

    // the total is the sum of the ledger's user balances (no positions or investments here)
    const ledger = rowsOf<{ currency: string; total: string; users: string }>(
      await t.database.db
        .execute(sql`select currency, sum(balance)::text as total, count(distinct owner_id)::text as users
        from ledger_accounts where owner_type = 'user' group by currency order by currency`),
    );
    for (const row of ledger) {
      const c = proof.currencies.find((x) => x.currency === row.currency)!;
      expect(c.total, row.currency).toBe(Money.of(row.total, c.currency).toString());
      expect(c.leaves).toBe(Number(row.users));
      expect(c.flooredAccounts).toBe(0);
    }
    expect(proof.currencies.find((c) => c.currency === 'MXN')!.total).toBe('1350.56');
    // reserves: the channel cash the deposits brought in
    expect(proof.reserves).toContainEqual({ currency: 'MXN', amount: '1350.56' });

    const latest = await post(t.app, '/proof/latest', {});
    expect(latest.body.data).toEqual(proof);
    const audit = await post(t.app, '/api/admin/audit/list', { page: 1, size: 5 }, admin);
    expect(JSON.stringify(audit.body)).toContain('proof/publish');

    for (const u of users) {
      const mine = await post(t.app, '/proof/mine', { proofId: proof.proofId, currency: 'MXN' }, u.headers);
      expect(mine.body.status, JSON.stringify(mine.body)).toBe(1);
      const data = mine.body.data as ProofMine;
      const published = proof.currencies.find((c) => c.currency === 'MXN')!;
      expect(await verifyPath(data, 'MXN', sha, { root: published.root, total: published.total })).toMatchObject({
        ok: true,
      });
    }
    const usd = await post(t.app, '/proof/mine', { proofId: proof.proofId, currency: 'USD' }, users[0]!.headers);
    expect(usd.body.status).toBe(1);
    // no USD account, an unknown proof, no session
    expect(
      (await post(t.app, '/proof/mine', { proofId: proof.proofId, currency: 'USD' }, users[1]!.headers)).body.code,
    ).toBe('record.not_found');
    expect(
      (await post(t.app, '/proof/mine', { proofId: 'pf_nothing', currency: 'MXN' }, users[1]!.headers)).body.code,
    ).toBe('record.not_found');
    expect((await post(t.app, '/proof/mine', { proofId: proof.proofId, currency: 'MXN' })).http).toBe(401);
    expect(
      (await post(t.app, '/proof/mine', { proofId: proof.proofId, currency: 'XXX' }, users[1]!.headers)).http,
    ).toBe(400);
  });

  it('scripts/verify-liabilities.mjs verifies every currency from a terminal (exit 0), and exits 1 on an unknown proof', async () => {
    const proof = (await post(t.app, '/proof/latest', {})).body.data as ProofSummary;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const run = (proofId: string) =>
      promisify(execFile)(process.execPath, [script, address, proofId], {
        env: { ...process.env, TOKEN: users[0]!.token, ACCOUNT: users[0]!.account },
      });
    const ok = await run(proof.proofId);
    expect(ok.stdout).toContain('MXN: your balance 1000.00 is included');
    expect(ok.stdout).toContain('USD: your balance 99.99 is included');
    await expect(run('pf_unknown')).rejects.toMatchObject({ code: 1 });
  });

  it('gives each proof new nonces', async () => {
    const admin = await adminLogin(t.app);
    t.clock.advance(60_000);
    const a = (await post(t.app, '/api/admin/proof/publish', { reason: 'again one' }, admin)).body.data as ProofSummary;
    t.clock.advance(60_000);
    const b = (await post(t.app, '/api/admin/proof/publish', { reason: 'again two' }, admin)).body.data as ProofSummary;
    const nonce = async (p: ProofSummary) =>
      (
        (await post(t.app, '/proof/mine', { proofId: p.proofId, currency: 'MXN' }, users[0]!.headers)).body
          .data as ProofMine
      ).leaf.nonce;
    expect(await nonce(a)).not.toBe(await nonce(b));
    const list = await post(t.app, '/proof/list', { page: 1, size: 2 });
    expect(list.body.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect((list.body.data as { list: ProofSummary[] }).list[0]!.proofId).toBe(b.proofId);
  });

  it('publishes one proof per scheduled instant, whatever the number of publishers', async () => {
    const before = await count('proofs');
    const deps = { clock: t.clock, portfolio: t.deps.portfolio };
    const now = new Date('2026-03-03T00:00:30Z');
    const reports = await Promise.all([
      runProofJob(t.database.db, deps, now),
      runProofJob(t.database.db, deps, now),
      runProofJob(t.database.db, deps, new Date('2026-03-03T00:01:30Z')),
    ]);
    expect(reports.filter((r) => r.published !== null)).toHaveLength(1);
    expect(await count('proofs')).toBe(before + 1);
  });

  it("leaves out a copy fund's own account: the house's seed capital is not owed to a customer", async () => {
    const admin = await adminLogin(t.app, 'admin');
    const now = t.clock.now().getTime();
    const created = await post(
      t.app,
      '/api/admin/copy/create',
      {
        name: 'Proof Reversion',
        strategyNo: 'MR-5',
        currency: 'USDT',
        fundSize: '100000',
        minAmount: '100',
        lockupDays: 0,
        tradeCycleDays: 30,
        copyDeadline: new Date(now + 10 * 86_400_000).toISOString(),
        endTime: new Date(now + 40 * 86_400_000).toISOString(),
        expectedReturnRate: '0.08',
        open: true,
        reason: 'proof test',
      },
      admin,
    );
    expect(created.body.status).toBe(1);
    // the fund's account holds its 10,000 USDT of seed capital; no customer holds USDT
    const seed = rowsOf<{ balance: string }>(
      await t.database.db.execute(
        sql`select balance::text as balance from ledger_accounts where owner_type = 'user' and currency = 'USDT'`,
      ),
    );
    expect(seed.map((r) => Money.of(r.balance, 'USDT').toString())).toEqual(['10000.00']);
    const r = await post(t.app, '/api/admin/proof/publish', { reason: 'after a fund launch' }, admin);
    const proof = r.body.data as ProofSummary;
    expect(proof.currencies.map((c) => c.currency)).not.toContain('USDT');
    expect(proof.currencies.find((c) => c.currency === 'MXN')!.leaves).toBe(users.length);
  });

  it('reads every page in one snapshot: a publish outside one is refused and writes nothing', async () => {
    const before = await count('proofs');
    const deps = { clock: t.clock, portfolio: t.deps.portfolio };
    await expect(
      transaction(t.database.db, (tx) => publishProof(tx, deps, { origin: 'operator', reason: 'read committed' })),
    ).rejects.toThrow('one snapshot');
    expect(await count('proofs')).toBe(before);
  });

  it('leaves nothing when the build crashes midway', async () => {
    const before = ['proofs', 'proof_currencies', 'proof_leaves', 'proof_nodes', 'proof_reserves'];
    const counts = await Promise.all(before.map(count));
    let trees = 0;
    const deps = {
      clock: t.clock,
      portfolio: t.deps.portfolio,
      afterTree: () => {
        if (++trees === 2) throw new Error('crash mid-build');
      },
    };
    await expect(runProofJob(t.database.db, deps, new Date('2026-03-04T00:00:10Z'))).rejects.toThrow('crash mid-build');
    expect(await Promise.all(before.map(count))).toEqual(counts);
    // the next run builds it
    expect(
      (
        await runProofJob(
          t.database.db,
          { clock: t.clock, portfolio: t.deps.portfolio },
          new Date('2026-03-04T00:01:10Z'),
        )
      ).published,
    ).not.toBeNull();
  });

  it('deletes proofs past 400 days', async () => {
    const n = await count('proofs');
    const report = await runProofJob(
      t.database.db,
      { clock: t.clock, portfolio: t.deps.portfolio },
      new Date('2027-06-01T00:00:10Z'),
    );
    expect(report.deleted).toBe(n);
    expect(await count('proofs')).toBe(1);
  });
});
