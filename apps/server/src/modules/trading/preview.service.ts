/**
 * `/trade/preview` (§9.1): fees, margin and the all-in ticket. No time window and no funds
 * checks (choice). The price is the limit price, or for a market order the price it would fill
 * at now (ask for a long, bid for a short), so the ticket shows what the order would cost.
 */
import { Dec, type Preview, type previewRequest } from '@brokerage/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { balancesOf } from '../ledger/index.js';
import { closingCosts, fmtMoney, roundMoney, grossProfit, marketRules, maxLotsOf, openingAmounts, stopOutPrice } from './fees.js';
import { marketFillPrice, tradableInstrument, usableQuote, type OrdersDeps } from './orders.service.js';

type PreviewBody = z.output<typeof previewRequest>;

export async function preview(db: Db, deps: OrdersDeps, userId: string, body: PreviewBody): Promise<Preview> {
  const { def, quote, market, currency } = tradableInstrument(deps, body.instrumentId);
  if (body.orderType === 'market' && !usableQuote(quote)) throw new DomainError('order.price_unavailable');
  const rules = marketRules(deps.settings, market);
  if (!rules.leverageOptions.includes(body.leverage)) throw new DomainError('order.leverage_not_allowed', { options: rules.leverageOptions.join(', ') });
  const price = body.orderType === 'limit' && body.price ? new Dec(body.price) : marketFillPrice(body.side, quote);
  const { lots, leverage, side } = body;
  const { contractAmount, margin, openFee } = openingAmounts(price, lots, leverage, rules.buyFeeRate, currency);
  const est = closingCosts(price, lots, rules.sellFeeRate, rules.stampDutyRate, currency);
  const available = new Dec((await balancesOf(db, userId)).get(currency)?.available ?? 0);
  const stopOut = stopOutPrice(side, price, lots, margin, rules.stopOutRatio, def.priceScale);
  const atStopOut = closingCosts(stopOut, lots, rules.sellFeeRate, rules.stampDutyRate, currency);
  /** net result if the position closed at `exit`: gross P&L minus every fee and the stamp duty */
  const netAt = (exit: Dec): Dec => {
    const c = closingCosts(exit, lots, rules.sellFeeRate, rules.stampDutyRate, currency);
    return grossProfit(side, price, exit, lots, currency).minus(openFee).minus(c.closeFee).minus(c.stampDuty);
  };
  const money = (v: Dec) => fmtMoney(v, currency);
  const worstCaseLoss = roundMoney(margin.times(rules.stopOutRatio), currency).plus(openFee).plus(atStopOut.closeFee).plus(atStopOut.stampDuty);
  return {
    currency,
    price: price.toFixed(def.priceScale),
    contractAmount: money(contractAmount),
    margin: money(margin),
    openFee: money(openFee),
    estCloseFee: money(est.closeFee),
    estStampDuty: money(est.stampDuty),
    total: money(margin.plus(openFee)),
    available: money(available),
    maxLots: maxLotsOf(available, price, leverage, rules.buyFeeRate),
    leverageOptions: rules.leverageOptions,
    stopOutPrice: stopOut.toFixed(def.priceScale),
    lossAtStopLoss: body.stopLoss ? money(netAt(new Dec(body.stopLoss)).negated()) : null,
    profitAtTakeProfit: body.takeProfit ? money(netAt(new Dec(body.takeProfit))) : null,
    worstCaseLoss: money(worstCaseLoss),
  };
}
