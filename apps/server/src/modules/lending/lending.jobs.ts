/**
 * The daily lending settlement (docs/api.md §3.6). The settlement instant is 00:00 UTC of each day
 * (docs/decisions.md): an `active` record is matched at the first instant after it was
 * applied. At that instant an open product matches it (`succeeded`: startedAt = the instant,
 * endsAt = startedAt + termDays days, frozen → house `lending_book`); a closed product fails it
 * (frozen released). A `succeeded` record whose endsAt has passed completes: principal from
 * `lending_book` and interest from house `lending_interest` are credited to available.
 *
 * Every record's step is its own transaction that locks the row and re-checks its state and
 * instant, and every journal entry carries an idempotency key, so a crash between steps loses
 * nothing and two runs (or two instances) never act twice. Run it from any loop, as often as
 * wished; `lendingSettlementJob` runs it every 30 s beside the API.
 */
import { withTranslations } from '@brokerage/contract';
import { ledgerDecimal } from '../../platform/columns.js';
import { sendMessage } from '../messages/index.js';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import type { JobSpec } from '../../platform/jobs.js';
import { houseAccount, userAccount, type Ledger, type PostingSpec } from '../ledger/index.js';
import * as repo from './lending.repository.js';
import { DAY_MS, interestFor } from './lending.service.js';
import { canLending, transitionLending } from './lending.states.js';

/** Records handled per phase and run; the rest wait for the next run. */
const BATCH = 500;

export interface LendingSettlementDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

export interface LendingSettlementReport {
  succeeded: number;
  failed: number;
  completed: number;
}

/** The latest settlement instant at or before `at`: 00:00 UTC of its day. */
export function settlementInstantAtOrBefore(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The settlement that matches an application: the first 00:00 UTC strictly after it. */
export function settlementAfter(appliedAt: Date): Date {
  return new Date(settlementInstantAtOrBefore(appliedAt).getTime() + DAY_MS);
}

async function matchOne(deps: LendingSettlementDeps, id: string, now: Date): Promise<'succeeded' | 'failed' | null> {
  return transaction(deps.db, async (tx) => {
    const r = await repo.lockRecord(tx, id);
    if (!r || !canLending(r, 'matched')) return null;
    const instant = settlementAfter(r.appliedAt);
    if (instant > now) return null;
    const { currency, amount } = r;
    const memo = { productId: r.productId, remark: r.name };
    if (await repo.isProductOpen(tx, r.productId)) {
      await deps.ledger.settle(tx, {
        userId: r.userId,
        amount,
        kind: 'lending_match',
        reference: r.id,
        idempotencyKey: `lending-match:${r.id}`,
        memo,
        to: 'lending_book',
      });
      const endsAt = new Date(instant.getTime() + r.termDays * DAY_MS);
      await transitionLending(tx, r, 'matched', { startedAt: instant, endsAt });
      await sendMessage(tx, deps.clock, r.userId, {
        code: 'message.lending.matched',
        params: {
          ...withTranslations('product', r.name, r.names),
          amount: amount.toString(),
          currency,
          startedAt: instant.toISOString(),
          endsAt: endsAt.toISOString(),
        },
      });
      return 'succeeded';
    }
    await deps.ledger.release(tx, {
      userId: r.userId,
      amount,
      kind: 'lending_release',
      reference: r.id,
      idempotencyKey: `lending-release:${r.id}`,
      memo,
    });
    await transitionLending(tx, r, 'not_matched', { failedAt: now });
    await sendMessage(tx, deps.clock, r.userId, {
      code: 'message.lending.failed',
      params: { ...withTranslations('product', r.name, r.names), amount: amount.toString(), currency },
    });
    return 'failed';
  });
}

async function completeOne(deps: LendingSettlementDeps, id: string, now: Date): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const r = await repo.lockRecord(tx, id);
    if (!r || !canLending(r, 'term_ends') || !r.endsAt || r.endsAt > now) return false;
    const { currency, amount: principal } = r;
    const interest = interestFor(principal, r.dailyRate, r.termDays);
    const postings: PostingSpec[] = [
      { account: houseAccount(currency, 'lending_book'), amount: principal.negated() },
      { account: userAccount(r.userId, currency, 'available'), amount: principal.plus(interest) },
    ];
    if (!interest.isZero())
      postings.push({ account: houseAccount(currency, 'lending_interest'), amount: interest.negated() });
    await deps.ledger.postEntry(tx, {
      kind: 'lending_payout',
      reference: r.id,
      idempotencyKey: `lending-payout:${r.id}`,
      memo: { productId: r.productId, remark: r.name, interest: ledgerDecimal(interest) },
      postings,
    });
    await transitionLending(tx, r, 'term_ends', { interest: interest.amount, completedAt: now });
    await sendMessage(tx, deps.clock, r.userId, {
      code: 'message.lending.completed',
      params: {
        ...withTranslations('product', r.name, r.names),
        amount: principal.toString(),
        interest: interest.toString(),
        currency,
      },
    });
    return true;
  });
}

/**
 * One pass: match or fail every due `active` record, then complete every `succeeded` record
 * whose term ended (a record matched late in this pass may complete in the same pass). A
 * failing record does not stop the others; the first error is thrown at the end.
 */
export async function runLendingSettlement(deps: LendingSettlementDeps): Promise<LendingSettlementReport> {
  const report: LendingSettlementReport = { succeeded: 0, failed: 0, completed: 0 };
  const errors: unknown[] = [];
  const now = deps.clock.now();
  for (const id of await repo.dueForMatching(deps.db, settlementInstantAtOrBefore(now), BATCH)) {
    try {
      const outcome = await matchOne(deps, id, now);
      if (outcome) report[outcome] += 1;
    } catch (error) {
      errors.push(error);
    }
  }
  for (const id of await repo.dueForCompletion(deps.db, now, BATCH)) {
    try {
      if (await completeOne(deps, id, now)) report.completed += 1;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
  return report;
}

/**
 * The settlement as a job of the job runner (platform/jobs.ts): every 30 s beside the API. Safe on
 * every instance at once (each record is locked and re-checked), so it is not leader-only.
 */
export function lendingSettlementJob(deps: LendingSettlementDeps, intervalMs = 30_000): JobSpec {
  return { name: 'lending settlement', intervalMs, run: () => runLendingSettlement(deps) };
}
