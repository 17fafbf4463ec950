/**
 * Personal messages for what the engine does to a user's money (docs/api.md §7.5): a limit order
 * filled, a position closed by take-profit, stop-loss, stop-out or delisting. One insert in the
 * step's own transaction, so a message exists exactly when the event committed. A close the
 * user asked for sends none: the user saw it happen.
 */
import { Dec, formatPrice, type MessageOf } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import { sendMessage } from '../messages/index.js';
import { orderMoney, type OrderRow } from './orders.repository.js';

const closeCodes = {
  take_profit: 'message.position.take_profit',
  stop_loss: 'message.position.stop_loss',
  stop_out: 'message.position.stop_out',
  delisting: 'message.position.delisted',
} as const;

const position = (row: OrderRow) => ({
  orderNo: row.orderNo,
  code: row.code,
  name: row.name,
  lots: String(row.lots),
  currency: row.currency,
});

/** A limit order filled at its limit price; `row` is the filled row. */
export async function messageFill(tx: Tx, clock: Clock, row: OrderRow): Promise<void> {
  invariant(row.costPrice !== null, 'a filled order without a cost price');
  await sendMessage(tx, clock, row.userId, {
    code: 'message.order.filled',
    params: { ...position(row), price: formatPrice(new Dec(row.costPrice), row.priceScale) },
  });
}

/** A position the engine closed; `row` is the closed row (close price, P&L and proceeds set). */
export async function messageClose(tx: Tx, clock: Clock, row: OrderRow): Promise<void> {
  const reason = row.closeReason;
  if (reason === null || reason === 'user') return;
  invariant(
    row.closePrice !== null && row.profitLoss !== null && row.proceeds !== null,
    'a closed position without its close figures',
  );
  const money = (value: string) => orderMoney(row, value).toString();
  const message: MessageOf = {
    code: closeCodes[reason],
    params: {
      ...position(row),
      price: formatPrice(new Dec(row.closePrice), row.priceScale),
      profit: money(row.profitLoss),
      amount: money(row.proceeds),
    },
  };
  await sendMessage(tx, clock, row.userId, message);
}
