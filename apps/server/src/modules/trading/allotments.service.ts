/**
 * Positions that do not come from an order ticket: shares allotted in a new-share offering
 * (docs/api.md §3.2 `paid` → `listed`) and, later, approved block trades. Such a position opens long,
 * at leverage 1, at the agreed price, with no open fee; it is `locked` until `lockUntil` when the
 * product has lock days (§3.1 `allot_locked`), else `holding` (`allot`). The money was taken
 * from the user before (a paid subscription sits in the house's `ipo_escrow`, a block application's
 * amount + fee in the user's `frozen`); opening the position moves the amount into the user's
 * `margin` account (and a block fee to `fee_income`, as the position's open fee), where every position's money is, so closing it
 * works exactly like closing any other position.
 */
import { Money, type OrderSource } from '@brokerage/contract';
import type { SimMarket } from '@brokerage/market-sim';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import { newId, newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { houseAccount, userAccount, type HouseAccountKind, type Ledger, type PostingSpec } from '../ledger/index.js';
import { currencyOfInstrument, type MarketFeed } from '../market/index.js';
import { marketRules } from './fees.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { initialOrderState } from './orders.states.js';
import { holdMarks } from './positions.service.js';

export interface AllotmentDeps {
  ledger: Ledger;
  feed: MarketFeed;
  settings: Settings;
}

export interface AllotmentSpec {
  userId: string;
  instrumentId: string;
  source: Exclude<OrderSource, 'order'>;
  lots: number;
  /** the agreed price per share (issue price, deal price) */
  price: Money;
  /** what the user paid for the lots, in the instrument's currency: the position's margin */
  amount: Money;
  /**
   * Where the money is now: a house account (a paid subscription in `ipo_escrow`), or the user's
   * own `frozen` account holding amount + fee (a block application), the fee becoming the open fee.
   */
  funding: { from: 'house'; account: HouseAccountKind } | { from: 'frozen'; fee: Money };
  lockDays: number;
  /** unique per allotment (e.g. the subscription id): a retry opens nothing twice */
  reference: string;
  at: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function openAllottedPosition(tx: Tx, deps: AllotmentDeps, spec: AllotmentSpec): Promise<OrderRow> {
  const def = deps.feed.instrument(spec.instrumentId);
  invariant(def, `allotment of an unknown instrument ${spec.instrumentId}`);
  const market = def.market as SimMarket;
  const currency = currencyOfInstrument(def);
  const rules = marketRules(deps.settings, market);
  const { amount, funding } = spec;
  invariant(
    amount.currency === currency && amount.isPositive() && spec.lots > 0,
    "an allotment needs shares and money in the instrument's currency",
  );
  const fee = funding.from === 'frozen' ? funding.fee : Money.zero(currency);
  const lockUntil = spec.lockDays > 0 ? new Date(spec.at.getTime() + spec.lockDays * DAY_MS) : null;
  const id = newId('o');
  const row = await repo.insertOrderWithEvent(tx, {
    id,
    orderNo: newOrderNo('', spec.at),
    userId: spec.userId,
    instrumentId: def.instrumentId,
    code: def.code,
    name: def.name,
    market,
    currency,
    priceScale: def.priceScale,
    source: spec.source,
    side: 'long',
    orderType: 'market',
    state: initialOrderState(lockUntil ? 'allot_locked' : 'allot'),
    lots: spec.lots,
    // an allotment counts units (shares of an IPO or a block deal), one per lot whatever the instrument's lot size
    lotSize: '1',
    leverage: 1,
    price: null,
    costPrice: spec.price.amount.toString(),
    contractAmount: repo.orderAmount(amount),
    margin: repo.orderAmount(amount),
    openFee: repo.orderAmount(fee),
    takeProfit: null,
    stopLoss: null,
    buyFeeRate: '0',
    sellFeeRate: rules.sellFeeRate,
    stampDutyRate: rules.stampDutyRate,
    stopOutRatio: rules.stopOutRatio,
    holdMinutesMin: rules.holdMinutesMin,
    tPlusNDays: rules.tPlusNDays,
    settlementDays: rules.settlementDays,
    createdAt: spec.at,
    openedAt: spec.at,
    ...holdMarks(deps.feed.calendar(market), rules, spec.at),
    lockUntil,
    expiresAt: null,
  });
  const margin = { account: userAccount(spec.userId, currency, 'margin'), amount };
  const postings: PostingSpec[] =
    funding.from === 'house'
      ? [{ account: houseAccount(currency, funding.account), amount: amount.negated() }, margin]
      : [
          { account: userAccount(spec.userId, currency, 'frozen'), amount: amount.plus(fee).negated() },
          margin,
          ...(fee.isPositive() ? [{ account: houseAccount(currency, 'fee_income'), amount: fee }] : []),
        ];
  await deps.ledger.postEntry(tx, {
    kind: spec.source === 'ipo' ? 'subscription_list' : 'block_open',
    reference: row.id,
    idempotencyKey: `allot:${spec.reference}`,
    memo: { orderNo: row.orderNo, source: spec.source },
    postings,
  });
  return row;
}
