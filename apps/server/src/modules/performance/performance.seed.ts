/**
 * Demo history of the returns screen (DEMO=1, full extent): backdated ledger activity of the demo
 * account, never typed-in figures. Two approved-deposit credits of MXN (90 and 45 days ago, kind
 * `deposit`, memo `{ demo: true }`, fixed idempotency keys so a second run posts nothing) are
 * posted through the real ledger with a clock set to those instants; then the snapshot job's
 * own code writes the demo account's snapshots from that journal. The curve therefore has the
 * ledger's steps and a 0 % return (deposits are flows), beside the benchmark's real curve; the
 * deposits have no deposit-order rows (docs/decisions.md).
 */
import { Money } from '@brokerage/contract';
import { ManualClock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import { localDateIn } from '../../platform/fund-window.js';
import { DEMO_ACCOUNT } from '../auth/index.js';
import { createLedger } from '../ledger/index.js';
import { addDays } from './performance.math.js';
import { snapshotAccount } from './performance.jobs.js';
import type { PerformanceDeps } from './performance.service.js';

const DAY = 24 * 60 * 60 * 1000;
const DEMO_DEPOSITS = [
  { daysAgo: 90, amount: '50000.00' },
  { daysAgo: 45, amount: '20000.00' },
] as const;

export async function seedDemoPerformance(db: Db, deps: PerformanceDeps, houseStripes: number): Promise<void> {
  const now = deps.clock.now();
  const clock = new ManualClock(now);
  const ledger = createLedger({ clock, houseStripes });
  for (const [i, d] of DEMO_DEPOSITS.entries()) {
    clock.set(new Date(now.getTime() - d.daysAgo * DAY));
    await transaction(db, (tx) =>
      ledger.credit(tx, {
        userId: DEMO_ACCOUNT.id,
        amount: Money.of(d.amount, 'MXN'),
        kind: 'deposit',
        reference: `demo-deposit-${i + 1}`,
        idempotencyKey: `demo-performance-deposit-${i + 1}`,
        memo: { demo: true },
        from: 'bank_cash',
      }),
    );
  }
  const yesterday = addDays(localDateIn(deps.settings.get('funds.timezone'), now), -1);
  await snapshotAccount(db, deps, DEMO_ACCOUNT.id, 'MXN', yesterday);
}
