/**
 * `copy` calls of docs/api.md §14 (copy-trading funds run by a strategy engine), §3.5 and the back
 * office's fund terms (§19.5). A fund's result comes only from its strategy's positions, marked
 * to market from the feed; nothing here lets anyone type a result in (§19.6).
 */
import { z } from 'zod';
import { copyStates, markets } from '../enums.js';
import { date, id, int, page, rate, requestId, size, timestamp, whole } from '../primitives.js';
import { productNames } from '../translations.js';
import { reason } from './admin.js';

const decimal = z.string();

/** The strategies the engine runs; a fund names one by its `strategyNo`. */
export const strategyNos = ['MOM-20', 'MR-5'] as const;
export type StrategyNo = (typeof strategyNos)[number];

/** Currencies a fund may run in: each trades the market that settles in it. */
export const copyCurrencies = ['MXN', 'USD', 'EUR', 'USDT'] as const;
export type CopyCurrency = (typeof copyCurrencies)[number];

/** Where a fund is in its life: `closing` sells its positions before every subscription ends. */
export const copyFundStates = ['running', 'closing', 'closed'] as const;
export type CopyFundState = (typeof copyFundStates)[number];

export const copyFund = z.object({
  id,
  name: z.string(),
  /** addition: the name in the other languages, written in the back office; the client shows its language's, else `name` */
  names: productNames,
  strategyNo: z.enum(strategyNos),
  currency: z.enum(copyCurrencies),
  fundSize: decimal,
  minAmount: decimal,
  lockupDays: z.number().int(),
  tradeCycleDays: z.number().int(),
  copyDeadline: timestamp,
  endTime: timestamp,
  /** the strategy engine's latest daily result (8 decimals); null before the first day */
  dailyProfitRate: decimal.nullable(),
  /** a disclosed, non-binding target */
  expectedReturnRate: decimal,
  performanceFeeRate: decimal,
  serviceFeeRate: decimal,
  /** open for new subscriptions: the switch, the deadline and the fund's state together */
  open: z.boolean(),
  /** addition: the fund's state (§3.5 "fund closed" ends every subscription once its positions are sold) */
  state: z.enum(copyFundStates),
  /** addition: what followers may still subscribe before `fundSize` is reached */
  remaining: decimal,
});
export type CopyFund = z.infer<typeof copyFund>;

/** The rule a fund follows, rendered as a sentence by the client in the reader's language. */
export const copyStrategy = z.object({
  kind: z.enum(['momentum', 'mean_reversion']),
  /** the market whose stocks (or coins) it trades */
  market: z.enum(markets),
  /** daily closes it looks back over */
  lookbackDays: z.number().int(),
  /** how many instruments it holds at most */
  holdings: z.number().int(),
  /** the share of the fund's value it invests; the rest stays in cash for redemptions */
  investedFraction: decimal,
  /** mean reversion: the fall over the look-back that makes an instrument a candidate (e.g. "-0.01") */
  entryThreshold: decimal.nullable(),
});
export type CopyStrategy = z.infer<typeof copyStrategy>;

export const copyPosition = z.object({
  orderId: id,
  instrumentId: id,
  code: z.string(),
  name: z.string(),
  side: z.enum(['long', 'short']),
  lots: z.number().int(),
  /** extension: units in one lot; the quantity is `lots × lotSize` (docs/decisions.md, "Lot sizes") */
  lotSize: decimal,
  costPrice: decimal,
  currentPrice: decimal.nullable(),
  yingkui: decimal,
  state: z.string(),
});
export type CopyPosition = z.infer<typeof copyPosition>;

export const copyFundDetail = copyFund.extend({
  /** last 30 daily results, oldest first */
  history: z.array(z.object({ date, dailyProfitRate: decimal })),
  /** net asset value per unit now, marked to market (8 decimals; units start at 1) */
  nav: decimal,
  /** last 30 official NAVs, oldest first; `backtest` days come before the fund's launch */
  navHistory: z.array(z.object({ date, nav: decimal, backtest: z.boolean() })),
  strategy: copyStrategy,
  positions: z.array(copyPosition),
  /** addition: the fund's cash and total value now (cash + Σ margin + P&L of its positions) */
  cash: decimal,
  totalValue: decimal,
  launchedAt: timestamp,
  /** addition: the last UTC day the strategy ran its daily rebalance; null before its first (no order placed yet) */
  rebalancedOn: date.nullable(),
});
export type CopyFundDetail = z.infer<typeof copyFundDetail>;

export const copySubscription = z.object({
  id,
  fundId: id,
  name: z.string(),
  /** addition: the fund's name in the other languages (while the fund still has the name subscribed to) */
  names: productNames,
  currency: z.enum(copyCurrencies),
  amount: decimal,
  state: z.enum(copyStates),
  startedAt: timestamp,
  lockUntil: timestamp,
  /** amount × (Π(1 + dailyProfitRate) − 1) over the days counted so far (final once ended) */
  profit: decimal,
  /** amount + profit */
  value: decimal,
  /** days whose result counts: those after the day of subscription */
  daysCounted: z.number().int(),
  endedAt: timestamp.nullable(),
  payout: decimal.nullable(),
  /** addition: the fees taken from the payout, once ended */
  performanceFee: decimal.nullable(),
  serviceFee: decimal.nullable(),
  endReason: z.enum(['redeemed', 'fund_ended', 'fund_closed']).nullable(),
});
export type CopySubscription = z.infer<typeof copySubscription>;

export const copyListRequest = z.object({ page, size });
export const copyDetailRequest = z.object({ id });
export const copySubscribeRequest = z.object({ fundId: id, amount: whole(), requestId: requestId.optional() });
export const copyMineRequest = z.object({ states: z.array(z.enum(copyStates)).min(1).optional(), page, size });
export const copyRedeemRequest = z.object({ subscriptionId: id, requestId: requestId.optional() });

/* ---- back office (§19.5) ---- */

const fundName = z.string().trim().min(1).max(100);

export const adminCopyFund = copyFund.extend({
  /** followers' money in active subscriptions */
  subscribed: decimal,
  activeSubscriptions: z.number().int(),
  nav: decimal,
  totalValue: decimal,
  createdAt: timestamp,
  closedAt: timestamp.nullable(),
});
export type AdminCopyFund = z.infer<typeof adminCopyFund>;

export const adminCopyCreateRequest = z.object({
  name: fundName,
  names: productNames.default({}),
  strategyNo: z.enum(strategyNos),
  currency: z.enum(copyCurrencies),
  fundSize: whole(),
  minAmount: whole(),
  lockupDays: int.min(0).max(3650),
  tradeCycleDays: int.min(1).max(3650),
  copyDeadline: timestamp,
  endTime: timestamp,
  expectedReturnRate: rate,
  open: z.boolean(),
  reason,
});
export const adminCopyUpdateRequest = z.object({
  id,
  name: fundName.optional(),
  /** the whole map: a language left out is removed */
  names: productNames.optional(),
  minAmount: whole().optional(),
  copyDeadline: timestamp.optional(),
  open: z.boolean().optional(),
  reason,
});
export const adminCopyCloseRequest = z.object({ id, reason });
