/**
 * The figures and rules of the copy-trading screens (docs/api.md §14, §3.5), so a follower sees what
 * would stop them before they press, and what a payout would be. Amounts are the contract's
 * `Money` (exact decimals), never floats; the example payout uses the contract's `copyPayout`, the
 * server's own arithmetic, so the figure shown is the one that would be paid after the same days.
 * Rules come in the server's order, each as its catalogue code, so the text is the one the server
 * would send, in the user's language.
 */
import { copyPayout, Dec, isCurrency, Money, type CopyPayout, type CopyStrategy } from '@brokerage/contract';
import { translator } from '../../api/client';
import { formatDecimal, formatPercent } from '../../lib/format';
import { codeText, type Rule } from '../../components/MoneyParts';
import type { CopyFundData, CopyFundDetailData, CopySubscriptionData } from './copy-queries';

const plainDecimal = /^-?\d+(\.\d+)?$/;
const DAY_MS = 86_400_000;

function moneyOrNull(value: string | null | undefined, currency: string): Money | null {
  if (value === null || value === undefined || !plainDecimal.test(value) || !isCurrency(currency)) return null;
  return Money.of(value, currency);
}

/** Whole amounts typed into the field: digits only, no leading zeros, at most 15 digits. */
export function sanitiseWholeInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
}

/** The typed amount as a wire string, or null when nothing (or zero) was typed. */
export function amountOf(input: string): string | null {
  return /^\d+$/.test(input) && /[1-9]/.test(input) ? input : null;
}

/** True once the copy deadline is behind `now`. */
export function deadlinePassed(fund: Pick<CopyFundData, 'copyDeadline'>, now: number): boolean {
  const deadline = Date.parse(fund.copyDeadline);
  return Number.isFinite(deadline) && deadline <= now;
}

/** Why a fund takes no subscription, or null when it is open. */
export function closedRule(fund: CopyFundData, now: number): Rule | null {
  if (deadlinePassed(fund, now)) return { key: 'closed', text: codeText('product.copy_deadline_passed') };
  if (!fund.open || fund.state !== 'running') return { key: 'closed', text: translator.t('ui.copy.closedRule') };
  return null;
}

export interface SubscribeInput {
  /** Whole amount typed, or null. */
  amount: string | null;
  /** Available balance in the fund's currency; undefined while unknown. */
  available: string | undefined;
  now: number;
}

/**
 * What stops this subscription now, in the server's order after the gates (§14): the deadline (or
 * the fund closed), the minimum, the capacity left in the fund, then the available balance.
 */
export function subscribeRules(fund: CopyFundData, input: SubscribeInput): Rule[] {
  const closed = closedRule(fund, input.now);
  if (closed) return [closed];
  const amount = moneyOrNull(input.amount, fund.currency);
  if (!amount) return [];
  const rules: Rule[] = [];
  const min = moneyOrNull(fund.minAmount, fund.currency);
  if (min && amount.isLessThan(min))
    rules.push({
      key: 'min',
      text: codeText('product.below_minimum', { min: fund.minAmount, currency: fund.currency }),
    });
  const remaining = moneyOrNull(fund.remaining, fund.currency);
  if (remaining && amount.isGreaterThan(remaining))
    rules.push({
      key: 'capacity',
      text: codeText('copy.fund_full', { remaining: fund.remaining, currency: fund.currency }),
    });
  const available = moneyOrNull(input.available, fund.currency);
  if (available && amount.isGreaterThan(available)) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_available', {
        available: input.available,
        required: input.amount,
        currency: fund.currency,
      }),
    });
  }
  return rules;
}

/** When a subscription made at `now` could first be redeemed: `startedAt + lockupDays` (§3.5). */
export function lockEndFor(fund: Pick<CopyFundData, 'lockupDays'>, now: number): string {
  return new Date(now + fund.lockupDays * DAY_MS).toISOString();
}

/** An active subscription still in its lock-up. */
export function isLocked(subscription: Pick<CopySubscriptionData, 'state' | 'lockUntil'>, now: number): boolean {
  return subscription.state === 'active' && Date.parse(subscription.lockUntil) > now;
}

/**
 * The payout of `amount` had it followed the fund over the daily results of `history` (the last
 * 30 days), with the fund's fees: the contract's `copyPayout`, exactly what the server would pay.
 */
export function examplePayout(fund: CopyFundDetailData, amount: string): CopyPayout | null {
  const money = moneyOrNull(amount, fund.currency);
  if (!money) return null;
  try {
    return copyPayout(
      money,
      fund.history.map((day) => day.dailyProfitRate),
      fund.performanceFeeRate,
      fund.serviceFeeRate,
    );
  } catch {
    return null;
  }
}

/** A fraction as a whole percentage when it is one ("0.6" → "60%"), else with 2 decimals. */
export function shortPercent(rate: string): string {
  if (!plainDecimal.test(rate)) return rate;
  const percent = new Dec(rate).times(100);
  return percent.isInteger() ? `${formatDecimal(percent, 0, 'half_up')}%` : formatPercent(rate);
}

/** A translate function (react-i18next's `t`): counts stay numbers so the plural forms apply. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The fund's rule as a sentence in the reader's language (e.g. "Holds the 3 US stocks with the best 20-day return, …"). */
export function strategySentence(strategy: CopyStrategy, t: Translate): string {
  const params = {
    count: strategy.holdings,
    holdings: String(strategy.holdings),
    days: String(strategy.lookbackDays),
    universe: t(`ui.copy.universe.${strategy.market}`, { count: strategy.holdings }),
    invested: shortPercent(strategy.investedFraction),
    threshold: strategy.entryThreshold === null ? '' : shortPercent(strategy.entryThreshold.replace(/^-/, '')),
  };
  if (strategy.kind === 'momentum') return t('ui.copy.strategy.momentum', params);
  return t(
    strategy.entryThreshold === null ? 'ui.copy.strategy.reversion' : 'ui.copy.strategy.reversionThreshold',
    params,
  );
}
