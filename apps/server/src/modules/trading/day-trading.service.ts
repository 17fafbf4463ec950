/**
 * Day trading (API.md §9.8, §3.3 queue `day_trade`). A verified user applies once; while the
 * application is `pending` another answers `review.pending_exists` (checked under the user's
 * row lock, and a partial unique index backs it); approval sets `users.day_trading`, after
 * which closes skip T+N (orders.service and the engine read `user.dayTrading`) while the
 * minimum hold fixed on each order still applies.
 */
import type { DayTradingApplication, DayTradingStatus, OrderState } from '@brokerage/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { usersRepository, type AuthCache } from '../auth/index.js';
import { reviewBase, reviewTableRows, reviewUserOf, type ReviewQueueHandler } from '../funds/index.js';
import { requireKyc } from '../funds/gates.js';
import { dayTradingApplications } from './day-trading.tables.js';
import * as orderRepo from './orders.repository.js';
import { OPEN_STATES } from './orders.repository.js';
import { orders } from './trading.tables.js';

export type DayTradingRow = typeof dayTradingApplications.$inferSelect;

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
    id: r.id, state: r.state as DayTradingApplication['state'], submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null, reason: r.reason,
  };
}

async function latestApplication(db: Db, userId: string): Promise<DayTradingRow | null> {
  const [row] = await db.select().from(dayTradingApplications).where(eq(dayTradingApplications.userId, userId))
    .orderBy(desc(dayTradingApplications.submittedAt), desc(dayTradingApplications.id)).limit(1);
  return row ?? null;
}

/** Rules in order: [KYC] → `account.seat_already` → `review.pending_exists`. */
export async function applyDayTrading(db: Db, clock: Clock, userId: string): Promise<Pick<DayTradingApplication, 'id' | 'state' | 'submittedAt'>> {
  return db.transaction(async (tx) => {
    // the user's row lock serialises two applications of one user; the unique index is the backstop
    const user = await usersRepository.findUserById(tx, userId, true);
    if (!user) throw new DomainError('auth.required');
    requireKyc(user);
    if (user.dayTrading) throw new DomainError('account.seat_already');
    const [pending] = await tx.select({ id: dayTradingApplications.id }).from(dayTradingApplications)
      .where(and(eq(dayTradingApplications.userId, userId), eq(dayTradingApplications.state, 'pending')));
    if (pending) throw new DomainError('review.pending_exists');
    const row = { id: newId('dt'), userId, state: 'pending', submittedAt: clock.now() };
    try {
      await tx.insert(dayTradingApplications).values(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('review.pending_exists');
      throw error;
    }
    return { id: row.id, state: 'pending' as const, submittedAt: row.submittedAt.toISOString() };
  });
}

export async function dayTradingStatus(db: Db, userId: string): Promise<DayTradingStatus> {
  const user = await usersRepository.findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  const latest = await latestApplication(db, userId);
  return { enabled: user.dayTrading, application: latest ? toApplication(latest) : null };
}

/** Open positions (holding, locked, closing) of a user: shown to the reviewer. */
async function openPositionCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), inArray(orders.state, OPEN_STATES)));
  return row?.n ?? 0;
}

/** The `day_trade` review queue (§19.3), handed to the funds review routes by app.ts. */
export function dayTradeReviewQueue(authCache: AuthCache): ReviewQueueHandler<DayTradingRow> {
  const t = dayTradingApplications;
  return {
    ...reviewTableRows<DayTradingRow>(t, { id: t.id, userId: t.userId, state: t.state, submittedAt: t.submittedAt }, t.id),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      return {
        ...reviewBase('day_trade', r.id, user, r, r.submittedAt), amount: null, currency: null,
        details: { accountType: user.accountType, openPositions: await openPositionCount(db, r.userId) },
      };
    },
    async approve(tx, r, decided) {
      await tx.update(t).set(decided).where(eq(t.id, r.id));
      // through the repository, so the auth cache drops the old row (auth-cache.ts)
      await usersRepository.updateUser(tx, authCache, r.userId, { dayTrading: true });
      // the engine parks a crossed TP/SL that T+N holds back; a marker on each open order lets
      // its change tail re-arm them now instead of at the next full reload
      const now = decided.reviewedAt;
      for (const order of await orderRepo.openPositionsOf(tx, r.userId)) {
        if (order.takeProfit === null && order.stopLoss === null) continue;
        await orderRepo.addEvent(tx, order.id, order.state as OrderState, now, orderRepo.DAY_TRADING_EVENT);
      }
    },
    async reject(tx, r, decided) {
      await tx.update(t).set(decided).where(eq(t.id, r.id));
    },
    messages: {
      approved: {
        title: 'Day trading enabled',
        content: 'Your day-trading application was approved: T+N no longer applies to your closes. The minimum holding time still does.',
      },
      rejected: 'Day-trading application rejected',
    },
  };
}
