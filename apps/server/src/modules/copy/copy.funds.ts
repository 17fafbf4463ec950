/**
 * Launching a fund (back office and demo seed): its own system user, which holds the fund's money
 * and positions and can never log in (restriction `disabled`, an unknown random password, a
 * phone that is not a phone), and the house's seed capital (house `copy_capital` → the fund).
 *
 * The system user is verified (orders need a real name) and a day-trading "seat" (T+N does not
 * hold its closes; the minimum hold still does), so the strategy trades through the very order
 * code users trade with. The seed capital makes the NAV start at `launchNav` with units =
 * seed ÷ launchNav, and absorbs what rounding leaves in the fund (copy-math.ts).
 */
import { Dec, Money, roundRate, type CopyCurrency, type ProductNames, type StrategyNo } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db.js';
import { newId, newSecret } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Settings } from '../../platform/settings.js';
import { insertUser, type AuthCache } from '../auth/index.js';
import type { Ledger } from '../ledger/index.js';
import * as repo from './copy.repository.js';
import type { FundRow } from './copy.repository.js';
import { addDays, utcDate } from './copy.service.js';
import { initialFundState } from './copy.states.js';
import { marketOfCurrency } from './strategy.js';

export interface FundTerms {
  id?: string;
  name: string;
  /** the name in the other languages (none: English everywhere) */
  names?: ProductNames;
  strategyNo: StrategyNo;
  currency: CopyCurrency;
  fundSize: string;
  minAmount: string;
  lockupDays: number;
  tradeCycleDays: number;
  copyDeadline: Date;
  endTime: Date;
  expectedReturnRate: string;
  open: boolean;
}

export interface LaunchOptions {
  /** the NAV per unit at launch (1 unless a backtest precedes it) */
  launchNav?: Dec;
  /** the date of the last mark before launch (yesterday unless a backtest precedes it) */
  lastMarkDate?: string;
  lastRate?: Dec | null;
}

/** The house's capital in a new fund: a tenth of its size (docs/decisions.md). */
export function seedCapitalOf(fundSize: Money): Money {
  return fundSize.dividedBy(10).rounded('down');
}

export async function launchFund(
  tx: Tx,
  deps: { clock: Clock; ledger: Ledger; settings: Settings; authCache: AuthCache },
  terms: FundTerms,
  options: LaunchOptions = {},
): Promise<FundRow> {
  const now = deps.clock.now();
  const id = terms.id ?? newId('cf');
  const fundUserId = `u_fund_${id}`;
  await insertUser(tx, {
    id: fundUserId,
    phone: `fund:${id}`,
    passwordHash: await hashPassword(newSecret()),
    inviteCode: `FUND-${id}`,
    // a fund's own account, verified by construction: it never goes through real-name review
    kycStatus: 'verified',
    realName: terms.name,
    creditScore: 0,
    loanQuota: new Dec(0),
    dayTrading: true,
    restrictions: ['disabled'],
    agreementVersion: 'system',
    createdAt: now,
  });
  const seed = seedCapitalOf(Money.of(terms.fundSize, terms.currency));
  const launchNav = options.launchNav ?? new Dec(1);
  await deps.ledger.credit(tx, {
    userId: fundUserId,
    amount: seed,
    kind: 'copy_in',
    reference: id,
    idempotencyKey: `copy-seed:${id}`,
    memo: { fundId: id, remark: 'seed capital' },
    from: 'copy_capital',
  });
  return repo.insertFund(tx, {
    id,
    name: terms.name,
    names: terms.names ?? {},
    strategyNo: terms.strategyNo,
    currency: terms.currency,
    market: marketOfCurrency[terms.currency],
    fundUserId,
    fundSize: terms.fundSize,
    minAmount: terms.minAmount,
    lockupDays: terms.lockupDays,
    tradeCycleDays: terms.tradeCycleDays,
    copyDeadline: terms.copyDeadline,
    endTime: terms.endTime,
    expectedReturnRate: terms.expectedReturnRate,
    // the fee rates of the agreement (§3.5), fixed on the fund when it launches
    performanceFeeRate: deps.settings.get('copy.performanceFeeRate'),
    serviceFeeRate: deps.settings.get('copy.serviceFeeRate'),
    open: terms.open,
    state: initialFundState(),
    seedCapital: repo.copyAmount(seed),
    units: repo.copyDecimal(roundRate(seed.amount.dividedBy(launchNav), 'down')),
    lastMarkDate: options.lastMarkDate ?? addDays(utcDate(now), -1),
    lastNav: repo.copyDecimal(launchNav),
    lastRate: options.lastRate === undefined || options.lastRate === null ? null : repo.copyDecimal(options.lastRate),
    rebalancedOn: null,
    launchedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}
