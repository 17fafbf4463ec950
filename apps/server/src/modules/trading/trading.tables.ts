import type {
  CancelReason,
  CloseReason,
  Currency,
  Market,
  OrderSource,
  OrderState,
  OrderType,
  Side,
} from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { amountText as money, at, rate } from '../../platform/columns.js';

/**
 * Orders and positions are one row (docs/api.md §5.2). The market rules in force when the order
 * was placed (fee rates, minimum hold, T+N, stop-out ratio, settlement days) are copied onto
 * the row, because operator changes apply to new operations only (§19.7).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    instrumentId: text('instrument_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    market: text('market').$type<Market>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    priceScale: integer('price_scale').notNull(),
    source: text('source').$type<OrderSource>().notNull(),
    side: text('side').$type<Side>().notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    state: text('state').$type<OrderState>().notNull(),
    lots: integer('lots').notNull(),
    /**
     * units of the instrument in one lot when the order was placed (docs/decisions.md, "Lot sizes"):
     * the quantity is lots × lotSize, and a later change of the instrument's lot size leaves this row alone
     */
    lotSize: rate('lot_size', 20).notNull(),
    leverage: integer('leverage').notNull(),
    /** limit price; null for market orders */
    price: money('price'),
    costPrice: money('cost_price'),
    closePrice: money('close_price'),
    contractAmount: money('contract_amount').notNull(),
    margin: money('margin').notNull(),
    openFee: money('open_fee').notNull(),
    closeFee: money('close_fee'),
    stampDuty: money('stamp_duty'),
    /** realised gross P&L once closed */
    profitLoss: money('profit_loss'),
    /** close proceeds credited to available (may be negative before negative-balance protection) */
    proceeds: money('proceeds'),
    /** positive proceeds count as in transit until then */
    settlesAt: at('settles_at'),
    takeProfit: money('take_profit'),
    stopLoss: money('stop_loss'),
    buyFeeRate: rate('buy_fee_rate').notNull(),
    sellFeeRate: rate('sell_fee_rate').notNull(),
    stampDutyRate: rate('stamp_duty_rate').notNull(),
    stopOutRatio: rate('stop_out_ratio').notNull(),
    holdMinutesMin: integer('hold_minutes_min').notNull(),
    tPlusNDays: integer('t_plus_n_days').notNull(),
    settlementDays: integer('settlement_days').notNull(),
    createdAt: at('created_at').notNull(),
    openedAt: at('opened_at'),
    closedAt: at('closed_at'),
    lockUntil: at('lock_until'),
    /** openedAt + minimum hold */
    minHoldUntil: at('min_hold_until'),
    /** first session open of the trading day T+N after the open day; null when N = 0 */
    tPlusUntil: at('t_plus_until'),
    /** day orders: end of the market's last session of the order's trading day; null never expires */
    expiresAt: at('expires_at'),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    closeReason: text('close_reason').$type<CloseReason>(),
  },
  (t) => [
    index('orders_user_market_idx').on(t.userId, t.market, t.state),
    index('orders_live_idx')
      .on(t.state, t.instrumentId)
      .where(sql`state in ('pending','holding','locked','closing')`),
    index('orders_in_transit_idx')
      .on(t.userId, t.settlesAt)
      .where(sql`settles_at is not null`),
    check('orders_state_enum', sql`${t.state} in ('pending','cancelled','holding','closing','locked','closed')`),
    check('orders_side_enum', sql`${t.side} in ('long','short')`),
    check('orders_type_enum', sql`${t.orderType} in ('limit','market')`),
    check('orders_lots_positive', sql`${t.lots} > 0`),
    check('orders_lot_size_positive', sql`${t.lotSize} > 0`),
  ],
);

/** Every state an order entered, with the reason (§9.7 `history`). Append-only. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id').notNull(),
    state: text('state').$type<OrderState>().notNull(),
    at: at('at').notNull(),
    reason: text('reason'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
