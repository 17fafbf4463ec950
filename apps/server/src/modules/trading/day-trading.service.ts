/**
 * Day trading (docs/api.md §9.8, §3.3 queue `day_trade`). A verified user applies once; while the
 * application is `pending` another answers `review.pending_exists` (checked under the user's
 * row lock, and a partial unique index backs it); approval sets `users.day_trading`, after
 * which closes skip T+N (orders.service and the engine read `user.dayTrading`) while the
 * minimum hold fixed on each order still applies.
 */
import {
  nextState,
  reviewTransitions,
  type AccountType,
  type DayTradingApplication,
  type DayTradingStatus,
  type ReviewItemOf,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { findUserById, lockUserById, requireKyc, updateUser, type AuthCache } from '../auth/index.js';
import { reviewBase, reviewTableRows, reviewUserOf, type ReviewQueueHandler } from '../review/index.js';
import { dayTradingApplications } from './day-trading.tables.js';
import * as repo from './day-trading.repository.js';
import type { DayTradingRow } from './day-trading.repository.js';
import * as orderRepo from './orders.repository.js';

export type { DayTradingRow } from './day-trading.repository.js';

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function toApplication(r: DayTradingRow): DayTradingApplication {
  return {
    id: r.id,
    state: r.state as DayTradingApplication['state'],
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reason: r.reason,
  };
}

/** Rules in order: [KYC] → `account.seat_already` → `review.pending_exists`. */
export async function applyDayTrading(
  tx: Tx,
  clock: Clock,
  userId: string,
): Promise<Pick<DayTradingApplication, 'id' | 'state' | 'submittedAt'>> {
  // the user's row lock serialises two applications of one user; the unique index is the backstop
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  requireKyc(user);
  if (user.dayTrading) throw new DomainError('account.seat_already');
  if (await repo.hasPending(tx, userId)) throw new DomainError('review.pending_exists');
  const state = nextState(reviewTransitions, null, 'submit');
  invariant(state !== null, 'no initial review state');
  const row = { id: newId('dt'), userId, state, submittedAt: clock.now() };
  try {
    await repo.insertApplication(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('review.pending_exists');
    throw error;
  }
  return { id: row.id, state, submittedAt: row.submittedAt.toISOString() };
}

export async function dayTradingStatus(db: Db, userId: string): Promise<DayTradingStatus> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  const latest = await repo.latestOf(db, userId);
  return { enabled: user.dayTrading, application: latest ? toApplication(latest) : null };
}

/** The `day_trade` review queue (§19.3), declared in the trading ModuleSpec (modules/review). */
export function dayTradeReviewQueue(
  authCache: AuthCache,
): ReviewQueueHandler<DayTradingRow, ReviewItemOf<'day_trade'>> {
  const t = dayTradingApplications;
  return {
    ...reviewTableRows<DayTradingRow>(
      t,
      { id: t.id, userId: t.userId, state: t.state, submittedAt: t.submittedAt },
      t.id,
    ),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      return {
        ...reviewBase('day_trade', r.id, user, r, r.submittedAt),
        amount: null,
        currency: null,
        // the column's check constraint holds it to the contract's account types
        details: {
          accountType: user.accountType as AccountType,
          openPositions: await orderRepo.countOpenOf(db, r.userId),
        },
      };
    },
    async approve(tx, r, decided) {
      await repo.decide(tx, r.id, decided);
      // through the repository, so the auth cache drops the old row (auth-cache.ts)
      await updateUser(tx, authCache, r.userId, { dayTrading: true });
      // the engine parks a crossed TP/SL that T+N holds back; a marker on each open order lets
      // its change tail re-arm them now instead of at the next full reload
      const now = decided.reviewedAt;
      for (const order of await orderRepo.openPositionsOf(tx, r.userId)) {
        if (order.takeProfit === null && order.stopLoss === null) continue;
        await orderRepo.addEvent(tx, order.id, order.state, now, orderRepo.DAY_TRADING_EVENT);
      }
    },
    async reject(tx, r, decided) {
      await repo.decide(tx, r.id, decided);
    },
    messages: {
      approved: () => ({ code: 'message.day_trade.approved', params: {} }),
      rejected: (_r, reason) => ({ code: 'message.day_trade.rejected', params: { reason } }),
    },
  };
}
