/** `trade` calls of docs/api.md §9 and the Order object of §5.2. */
import { z } from 'zod';
import { cancelReasons, closeReasons, markets, orderSources, orderStates, orderTypes, sides } from '../enums.js';
import { currencies } from '../money.js';
import { id, int, requestId, timestamp } from '../primitives.js';

/** Price of §1.4: a decimal string > 0 with at most 8 decimals. */
export const price = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : 'not_decimal_string') })
  .regex(/^\d{1,15}(\.\d+)?$/, 'not_decimal_string')
  .refine((v) => !/^0+(\.0+)?$/.test(v), 'not_positive')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 8, 'too_many_decimals');
/** Lots of §1.4: whole lots (a share each for stocks, the instrument's `lotSize` otherwise), 1 … 10 000 000. */
export const lots = int.min(1).max(10_000_000);

const decimal = z.string();

export const order = z.object({
  orderId: id,
  orderNo: z.string(),
  instrumentId: id,
  code: z.string(),
  name: z.string(),
  market: z.enum(markets),
  currency: z.enum(currencies),
  source: z.enum(orderSources),
  side: z.enum(sides),
  orderType: z.enum(orderTypes),
  state: z.enum(orderStates),
  lots: z.number().int(),
  /** extension: units in one lot, fixed when the order was placed; the quantity is `lots × lotSize` (docs/decisions.md) */
  lotSize: decimal,
  leverage: z.number().int(),
  price: decimal.nullable(),
  costPrice: decimal.nullable(),
  currentPrice: decimal.nullable(),
  closePrice: decimal.nullable(),
  contractAmount: decimal,
  marketValue: decimal,
  margin: decimal,
  openFee: decimal,
  closeFee: decimal.nullable(),
  stampDuty: decimal.nullable(),
  takeProfit: decimal.nullable(),
  stopLoss: decimal.nullable(),
  yingkui: decimal,
  actualProfit: decimal.nullable(),
  todayProfit: decimal,
  yesterdayProfit: decimal,
  expectedIncome: decimal,
  createdAt: timestamp,
  openedAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
  lockUntil: timestamp.nullable(),
  sellableAt: timestamp.nullable(),
  cancelReason: z.enum(cancelReasons).nullable(),
  closeReason: z.enum(closeReasons).nullable(),
  /** extension: stop-out price of an open position (docs/decisions.md) */
  stopOutPrice: decimal.nullable(),
});
export type Order = z.infer<typeof order>;

/**
 * A wire object with its gross profit or loss under the code's name: the wire keeps the inherited
 * `yingkui` (docs/glossary.md, "Wire names"); services, screens and helpers say `profitLoss`, and
 * the server's routes and the clients' query layers map one to the other.
 */
export type ProfitLossNamed<T extends { yingkui: string }> = Omit<T, 'yingkui'> & { profitLoss: string };

const orderForm = {
  instrumentId: id,
  side: z.enum(sides),
  orderType: z.enum(orderTypes),
  price: price.nullable().optional(),
  lots,
  leverage: int.min(1).max(100),
  takeProfit: price.nullable().optional(),
  stopLoss: price.nullable().optional(),
};

function limitNeedsPrice(b: { orderType: string; price?: string | null }, ctx: z.RefinementCtx): void {
  if (b.orderType === 'limit' && (b.price === undefined || b.price === null))
    ctx.addIssue({ code: 'custom', message: 'required', path: ['price'] });
}

export const previewRequest = z.object(orderForm).superRefine(limitNeedsPrice);
export const previewResponse = z.object({
  currency: z.enum(currencies),
  price: decimal,
  contractAmount: decimal,
  margin: decimal,
  openFee: decimal,
  estCloseFee: decimal,
  estStampDuty: decimal,
  total: decimal,
  available: decimal,
  maxLots: z.number().int(),
  /** extension: units in one lot; the order's quantity is `lots × lotSize` (docs/decisions.md) */
  lotSize: decimal,
  leverageOptions: z.array(z.number().int()),
  /** the all-in ticket (our addition, §9.1) */
  stopOutPrice: decimal,
  lossAtStopLoss: decimal.nullable(),
  profitAtTakeProfit: decimal.nullable(),
  worstCaseLoss: decimal,
});
export type Preview = z.infer<typeof previewResponse>;

export const buyRequest = z.object({ ...orderForm, requestId: requestId.optional() }).superRefine((b, ctx) => {
  limitNeedsPrice(b, ctx);
  if (b.orderType === 'market' && b.price !== undefined && b.price !== null)
    ctx.addIssue({ code: 'custom', message: 'not_allowed', path: ['price'] });
});
export const orderIdRequest = z.object({ orderId: id });
export const orderActionRequest = z.object({ orderId: id, requestId: requestId.optional() });
export const setTpSlRequest = z.object({ orderId: id, takeProfit: price.nullable(), stopLoss: price.nullable() });
export const userStockListRequest = z.object({
  type: z.enum(markets),
  page: int.min(1).default(1),
  size: int.min(1).max(300).default(300),
  states: z.array(z.enum(orderStates)).min(1).default(['holding', 'locked', 'closing']),
});
export const userStockListResponse = z.object({
  list: z.array(order),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  currency: z.enum(currencies),
  totalYingkui: decimal,
});
export const orderDetailResponse = order.extend({
  history: z.array(z.object({ state: z.enum(orderStates), at: timestamp, reason: z.string().nullable() })),
});
export type OrderDetail = z.infer<typeof orderDetailResponse>;

/** Back office (our addition to §19.4): one user's orders and positions, read-only (§19.6). */
export const adminUserOrdersRequest = z.object({
  userId: id,
  states: z.array(z.enum(orderStates)).min(1).optional(),
  page: int.min(1).default(1),
  size: int.min(1).max(300).default(20),
});
