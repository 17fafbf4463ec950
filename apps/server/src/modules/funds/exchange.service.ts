/**
 * Currency exchange (API.md §10.6–§10.7) between the user's own accounts, through the house
 * FX liquidity accounts, at the feed's mid rate less the configured spread. The rate is
 * stored on the journal entry.
 */
import { Dec, currencies, formatAmount, type Currency } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import type { FxRates } from '../../platform/fx.js';
import { newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { usersRepository } from '../auth/index.js';
import { InsufficientFundsError, type Ledger } from '../ledger/index.js';
import { requireKyc, requireNotTradeBlocked } from './gates.js';

export interface ExchangeDeps {
  clock: Clock;
  settings: Settings;
  fx: FxRates;
  ledger: Ledger;
}

/** The user's rate: mid × (1 − spread), 8 decimals; null when the feed has no rate. */
export function customerRate(deps: ExchangeDeps, from: Currency, to: Currency): Dec | null {
  const mid = deps.fx.midRate(from, to);
  if (!mid) return null;
  return mid.times(new Dec(1).minus(deps.settings.get<string>('exchange.spreadRate'))).toDecimalPlaces(8, Dec.ROUND_DOWN);
}

export function rates(deps: ExchangeDeps, base: Currency) {
  const enabled = deps.settings.get<Currency[]>('currencies.enabled');
  const updatedAt = deps.fx.asOf().toISOString();
  const list = currencies.filter((c) => c !== base).flatMap((to) => {
    const rate = customerRate(deps, base, to);
    return rate ? [{ from: base, to, rate: rate.toFixed(8), exchangeable: enabled.includes(base) && enabled.includes(to), updatedAt }] : [];
  });
  return { list };
}

/** Rules: [TB] → [KYC] → exchange.pair_unsupported → funds.insufficient_balance. */
export async function exchange(tx: Db, deps: ExchangeDeps, userId: string, body: { from: Currency; to: Currency; amount: string }) {
  const user = await usersRepository.findUserById(tx, userId, true);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  const enabled = deps.settings.get<Currency[]>('currencies.enabled');
  const rate = customerRate(deps, body.from, body.to);
  if (!rate || !enabled.includes(body.from) || !enabled.includes(body.to)) {
    throw new DomainError('exchange.pair_unsupported', { from: body.from, to: body.to });
  }
  const fromAmount = new Dec(body.amount);
  const toAmount = fromAmount.times(rate).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  if (toAmount.lte(0)) throw new DomainError('request.invalid', { fields: { amount: 'out_of_range' } });
  const now = deps.clock.now();
  const orderNo = newOrderNo('X', now);
  const memo = { orderNo, rate: rate.toFixed(8), from: body.from, to: body.to, fromAmount: fromAmount.toFixed(2), toAmount: toAmount.toFixed(2) };
  try {
    // two currencies, each balanced: the user's `from` goes to the house, the house pays `to`
    await deps.ledger.postEntry(tx, {
      kind: 'exchange_out', reference: orderNo, memo,
      postings: [
        { account: { owner: 'user', userId, currency: body.from, kind: 'available' }, amount: `-${fromAmount.toFixed(8)}` },
        { account: { owner: 'house', currency: body.from, kind: 'fx_liquidity' }, amount: fromAmount.toFixed(8) },
        { account: { owner: 'house', currency: body.to, kind: 'fx_liquidity' }, amount: `-${toAmount.toFixed(8)}` },
        { account: { owner: 'user', userId, currency: body.to, kind: 'available' }, amount: toAmount.toFixed(8) },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('funds.insufficient_balance', { available: formatAmount(error.balance, body.from), currency: body.from });
    }
    throw error;
  }
  return { orderNo, from: body.from, to: body.to, fromAmount: fromAmount.toFixed(2), toAmount: formatAmount(toAmount, body.to), rate: rate.toFixed(8), createdAt: now.toISOString() };
}
