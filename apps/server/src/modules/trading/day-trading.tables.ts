import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Day-trading ("seat account") applications (docs/api.md §9.8, §3.3 queue `day_trade`). At most one
 * `pending` per user, enforced by a partial unique index so two concurrent applications cannot
 * both pass the `review.pending_exists` rule.
 */
export const dayTradingApplications = pgTable(
  'day_trading_applications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    state: text('state').notNull(),
    submittedAt: at('submitted_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
  },
  (t) => [
    index('day_trading_user_idx').on(t.userId, t.submittedAt),
    index('day_trading_state_idx').on(t.state, t.submittedAt),
    uniqueIndex('day_trading_one_pending')
      .on(t.userId)
      .where(sql`state = 'pending'`),
    check('day_trading_state_enum', sql`${t.state} in ('pending','approved','rejected')`),
  ],
);
