/**
 * `/trade/preview` (§9.1): fees, margin and the all-in ticket. No time window and no funds
 * checks (choice). The price is the limit price, or for a market order the price it would fill
 * at now (ask for a long, bid for a short), so the ticket shows what the order would cost.
 */
import { Dec, formatPrice, Money, type Preview, type previewRequest } from '@brokerage/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { balancesOf } from '../ledger/index.js';
import { closingCosts, grossProfit, marketRules, maxLotsOf, openingAmounts, stopOutPrice, unitsOf } from './fees.js';
import { marketFillPrice, tradableInstrument, usableQuote, type OrdersDeps } from './orders.service.js';

type PreviewBody = z.output<typeof previewRequest>;

export async function preview(db: Db, deps: OrdersDeps, userId: string, body: PreviewBody): Promise<Preview> {
  const { def, quote, market, currency, lotSize } = tradableInstrument(deps, body.instrumentId);
  if (body.orderType === 'market' && !usableQuote(quote)) throw new DomainError('order.price_unavailable');
  const rules = marketRules(deps.settings, market);
  if (!rules.leverageOptions.includes(body.leverage))
    throw new DomainError('order.leverage_not_allowed', { options: rules.leverageOptions.join(', ') });
  const price = body.orderType === 'limit' && body.price ? new Dec(body.price) : marketFillPrice(body.side, quote);
  const { leverage, side } = body;
  // every amount is priced on the quantity, lots × lotSize (docs/decisions.md, "Lot sizes")
  const units = unitsOf(body.lots, lotSize);
  const { contractAmount, margin, openFee } = openingAmounts(price, units, leverage, rules.buyFeeRate, currency);
  const est = closingCosts(price, units, rules.sellFeeRate, rules.stampDutyRate, currency);
  const available = (await balancesOf(db, userId)).get(currency)?.available ?? Money.zero(currency);
  const stopOut = stopOutPrice(side, price, units, margin, rules.stopOutRatio, def.priceScale);
  const atStopOut = closingCosts(stopOut, units, rules.sellFeeRate, rules.stampDutyRate, currency);
  /** net result if the position closed at `exit`: gross P&L minus every fee and the stamp duty */
  const netAt = (exit: Dec): Money => {
    const c = closingCosts(exit, units, rules.sellFeeRate, rules.stampDutyRate, currency);
    return grossProfit(side, price, exit, units, currency).minus(openFee).minus(c.closeFee).minus(c.stampDuty);
  };
  // half-up, like the margin it is a share of: on a half the ticket shows the larger loss
  const worstCaseLoss = margin
    .times(rules.stopOutRatio)
    .rounded('half_up')
    .plus(openFee)
    .plus(atStopOut.closeFee)
    .plus(atStopOut.stampDuty);
  // toString() is the wire form: the currency scale, half-up (`available` is exact until here)
  return {
    currency,
    price: formatPrice(price, def.priceScale),
    contractAmount: contractAmount.toString(),
    margin: margin.toString(),
    openFee: openFee.toString(),
    estCloseFee: est.closeFee.toString(),
    estStampDuty: est.stampDuty.toString(),
    total: margin.plus(openFee).toString(),
    available: available.toString(),
    maxLots: maxLotsOf(available, price, lotSize, leverage, rules.buyFeeRate),
    lotSize,
    leverageOptions: rules.leverageOptions,
    stopOutPrice: formatPrice(stopOut, def.priceScale),
    lossAtStopLoss: body.stopLoss ? netAt(new Dec(body.stopLoss)).negated().toString() : null,
    profitAtTakeProfit: body.takeProfit ? netAt(new Dec(body.takeProfit)).toString() : null,
    worstCaseLoss: worstCaseLoss.toString(),
  };
}
