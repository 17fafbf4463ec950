/**
 * Currency exchange (docs/api.md §10.6–§10.7) between the user's own accounts, through the house
 * FX liquidity accounts, at the feed's mid rate less the configured spread. The rate is
 * stored on the journal entry.
 */
import { Dec, Money, RATE_SCALE, currencies, formatPrice, roundRate, type Currency } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import type { FxRates } from '../../platform/fx.js';
import { newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { lockUserById, requireKyc, requireNotTradeBlocked } from '../auth/index.js';
import { balancesOf, InsufficientFundsError, type Ledger, type Portfolio } from '../ledger/index.js';

export interface ExchangeDeps {
  clock: Clock;
  settings: Settings;
  fx: FxRates;
  ledger: Ledger;
  /** `withdrawable` (available − in transit): in-transit proceeds cannot leave their currency */
  portfolio: Portfolio;
}

/**
 * The user's rate: mid × (1 − spread), 8 decimals rounded down (the house gains the sub-unit
 * of the rate, like the spread itself); null when the feed has no rate. A rate, not money.
 */
export function customerRate(deps: ExchangeDeps, from: Currency, to: Currency): Dec | null {
  const mid = deps.fx.midRate(from, to);
  if (!mid) return null;
  return roundRate(mid.times(new Dec(1).minus(deps.settings.get('exchange.spreadRate'))), 'down');
}

export function rates(deps: ExchangeDeps, base: Currency) {
  const enabled = deps.settings.get('currencies.enabled');
  const updatedAt = deps.fx.asOf().toISOString();
  const list = currencies
    .filter((c) => c !== base)
    .flatMap((to) => {
      const rate = customerRate(deps, base, to);
      return rate
        ? [
            {
              from: base,
              to,
              rate: formatPrice(rate, RATE_SCALE),
              exchangeable: enabled.includes(base) && enabled.includes(to),
              updatedAt,
            },
          ]
        : [];
    });
  return { list };
}

/** The smallest amount of `currency` an exchange takes (config `exchange.minAmount.<CUR>`, §10.7). */
export function minExchangeAmount(settings: Settings, currency: Currency): Money {
  return Money.of(settings.get(`exchange.minAmount.${currency}`), currency);
}

/**
 * Rules (§10.7): [TB] → [KYC] → exchange.pair_unsupported → exchange.below_min →
 * funds.insufficient_balance → funds.insufficient_withdrawable. The user row is locked first,
 * so the balances read here cannot change before the entry is posted.
 */
export async function exchange(
  tx: Tx,
  deps: ExchangeDeps,
  userId: string,
  body: { from: Currency; to: Currency; amount: string },
) {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  const enabled = deps.settings.get('currencies.enabled');
  const rate = customerRate(deps, body.from, body.to);
  if (!rate || !enabled.includes(body.from) || !enabled.includes(body.to)) {
    throw new DomainError('exchange.pair_unsupported', { from: body.from, to: body.to });
  }
  const fromAmount = Money.of(body.amount, body.from);
  const min = minExchangeAmount(deps.settings, body.from);
  if (fromAmount.isLessThan(min))
    throw new DomainError('exchange.below_min', { min: min.toString(), currency: body.from });
  // down (§1.11): the house keeps the remainder below the target's minor unit, so a round trip
  // can lose a minor unit, never gain one
  const toAmount = fromAmount.convert(rate, body.to, 'down');
  if (!toAmount.isPositive()) throw new DomainError('request.invalid', { fields: { amount: 'out_of_range' } });
  const available = (await balancesOf(tx, userId)).get(body.from)?.available ?? Money.zero(body.from);
  if (fromAmount.isGreaterThan(available)) {
    throw new DomainError('funds.insufficient_balance', { available: available.toString(), currency: body.from });
  }
  // unsettled close proceeds are part of `available` but may not leave their currency (§1.10)
  const withdrawable = await deps.portfolio.withdrawableOf(tx, userId, body.from);
  if (fromAmount.isGreaterThan(withdrawable)) {
    throw new DomainError('funds.insufficient_withdrawable', {
      withdrawable: withdrawable.toString(),
      currency: body.from,
    });
  }
  const now = deps.clock.now();
  const orderNo = newOrderNo('X', now);
  const memo = {
    orderNo,
    rate: formatPrice(rate, RATE_SCALE),
    from: body.from,
    to: body.to,
    fromAmount: fromAmount.toString(),
    toAmount: toAmount.toString(),
  };
  try {
    // two currencies, each balanced: the user's `from` goes to the house, the house pays `to`
    await deps.ledger.postEntry(tx, {
      kind: 'exchange_out',
      reference: orderNo,
      memo,
      postings: [
        { account: { owner: 'user', userId, currency: body.from, kind: 'available' }, amount: fromAmount.negated() },
        { account: { owner: 'house', currency: body.from, kind: 'fx_liquidity' }, amount: fromAmount },
        { account: { owner: 'house', currency: body.to, kind: 'fx_liquidity' }, amount: toAmount.negated() },
        { account: { owner: 'user', userId, currency: body.to, kind: 'available' }, amount: toAmount },
      ],
    });
  } catch (error) {
    // the guard in the ledger, should the balance have moved after all
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('funds.insufficient_balance', { available: error.balance.toString(), currency: body.from });
    }
    throw error;
  }
  return {
    orderNo,
    from: body.from,
    to: body.to,
    fromAmount: fromAmount.toString(),
    toAmount: toAmount.toString(),
    rate: formatPrice(rate, RATE_SCALE),
    createdAt: now.toISOString(),
  };
}
