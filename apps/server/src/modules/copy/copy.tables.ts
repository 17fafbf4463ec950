import type { CopyCurrency, CopyFundState, CopyState, Market, ProductNames, StrategyNo } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { amountText as money, at, rate as rateOf } from '../../platform/columns.js';

/** NAV per unit and daily rates: 8 decimals (the contract's RATE_SCALE). */
const rate = (name: string) => rateOf(name, 20);

/**
 * A copy-trading fund (docs/api.md §14). Its money sits in the ledger accounts of its own system
 * user (`fundUserId`, never able to log in), which trades through the same order code users
 * trade with. `units` are the shares of the fund outstanding; `lastNav` is the NAV per unit of
 * the latest daily mark (`lastMarkDate`), `lastRate` that mark's daily result.
 */
export const copyFunds = pgTable(
  'copy_funds',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** the name in the other languages (back office); `name` is the English one */
    names: jsonb('names').$type<ProductNames>().notNull().default({}),
    strategyNo: text('strategy_no').$type<StrategyNo>().notNull(),
    currency: text('currency').$type<CopyCurrency>().notNull(),
    market: text('market').$type<Market>().notNull(),
    fundUserId: text('fund_user_id').notNull().unique(),
    fundSize: money('fund_size').notNull(),
    minAmount: money('min_amount').notNull(),
    lockupDays: integer('lockup_days').notNull(),
    tradeCycleDays: integer('trade_cycle_days').notNull(),
    copyDeadline: at('copy_deadline').notNull(),
    endTime: at('end_time').notNull(),
    expectedReturnRate: rate('expected_return_rate').notNull(),
    performanceFeeRate: rate('performance_fee_rate').notNull(),
    serviceFeeRate: rate('service_fee_rate').notNull(),
    open: boolean('open').notNull(),
    state: text('state').$type<CopyFundState>().notNull(),
    /** the house's own capital put in at launch (ledger `copy_capital`) */
    seedCapital: money('seed_capital').notNull(),
    units: money('units').notNull(),
    lastMarkDate: text('last_mark_date').notNull(),
    lastNav: rate('last_nav').notNull(),
    lastRate: rate('last_rate'),
    /** the UTC date of the strategy's last rebalance */
    rebalancedOn: text('rebalanced_on'),
    launchedAt: at('launched_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
    /** why it is closing: its end time came, or the back office closed it */
    closeReason: text('close_reason').$type<'fund_ended' | 'fund_closed'>(),
  },
  (t) => [
    index('copy_funds_created_idx').on(t.createdAt),
    check('copy_funds_state_enum', sql`${t.state} in ('running','closing','closed')`),
    check('copy_funds_units_non_negative', sql`${t.units} >= 0`),
    check('copy_funds_nav_positive', sql`${t.lastNav} > 0`),
  ],
);

/** One daily mark of a fund (or a backtest day before its launch), the source of every result. */
export const copyFundDays = pgTable(
  'copy_fund_days',
  {
    fundId: text('fund_id')
      .notNull()
      .references(() => copyFunds.id),
    date: text('date').notNull(),
    nav: rate('nav').notNull(),
    dailyProfitRate: rate('daily_profit_rate').notNull(),
    totalValue: money('total_value').notNull(),
    units: money('units').notNull(),
    backtest: boolean('backtest').notNull(),
    markedAt: at('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.date] })],
);

/**
 * A follower's subscription (docs/api.md §3.5). Units are issued at the first daily mark of its day
 * (`startDate`, UTC); the days whose result counts are those after it, up to `endDate`.
 */
export const copySubscriptions = pgTable(
  'copy_subscriptions',
  {
    id: text('id').primaryKey(),
    fundId: text('fund_id')
      .notNull()
      .references(() => copyFunds.id),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').$type<CopyCurrency>().notNull(),
    amount: money('amount').notNull(),
    units: money('units'),
    state: text('state').$type<CopyState>().notNull(),
    startedAt: at('started_at').notNull(),
    startDate: text('start_date').notNull(),
    lockUntil: at('lock_until').notNull(),
    endedAt: at('ended_at'),
    endDate: text('end_date'),
    profit: money('profit'),
    payout: money('payout'),
    performanceFee: money('performance_fee'),
    serviceFee: money('service_fee'),
    endReason: text('end_reason').$type<'redeemed' | 'fund_ended' | 'fund_closed'>(),
  },
  (t) => [
    index('copy_subscriptions_user_idx').on(t.userId, t.startedAt),
    index('copy_subscriptions_fund_idx').on(t.fundId, t.state),
    check('copy_subscriptions_state_enum', sql`${t.state} in ('active','ended')`),
    check('copy_subscriptions_amount_positive', sql`${t.amount} > 0`),
  ],
);
