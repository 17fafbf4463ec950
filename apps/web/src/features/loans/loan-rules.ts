/**
 * The rules of borrowing, repaying and raising the quota (docs/api.md §16.2–§16.4), so each form shows
 * what would stop the user before they press, in the server's order after the real-name gate, with
 * the catalogue's text in the user's language. Amounts are the contract's `Money` (exact decimals).
 */
import { isCurrency, Money, type Currency } from '@brokerage/contract';
import { codeText, type Rule } from '../../components/MoneyParts';
import type { LoanRatingData, LoanRecordData } from './loan-queries';

const plainDecimal = /^\d+(\.\d+)?$/;

function money(value: string | undefined, currency: string): Money | null {
  if (value === undefined || !plainDecimal.test(value) || !isCurrency(currency)) return null;
  return Money.of(value, currency);
}

/** §16.2: loan.score_insufficient → review.pending_exists → loan.quota_insufficient (the amount, once typed). */
export function borrowRules(rating: LoanRatingData, amount: string): Rule[] {
  if (rating.creditScore < rating.minScoreToBorrow) {
    return [
      {
        key: 'score',
        text: codeText('loan.score_insufficient', {
          score: String(rating.creditScore),
          min: String(rating.minScoreToBorrow),
        }),
      },
    ];
  }
  if (rating.pendingApplication) return [{ key: 'pending', text: codeText('review.pending_exists') }];
  const available = money(rating.availableQuota, rating.currency);
  const wanted = money(amount === '' ? undefined : amount, rating.currency);
  const quotaText = {
    key: 'quota',
    text: codeText('loan.quota_insufficient', { available: rating.availableQuota, currency: rating.currency }),
  };
  if (available && !available.isPositive()) return [quotaText];
  if (available && wanted && wanted.isGreaterThan(available)) return [quotaText];
  return [];
}

/** §16.3 after the loan is found: loan.repay_exceeds → funds.insufficient_balance. */
export function repayRules(loan: LoanRecordData, amount: string, available: string | undefined): Rule[] {
  const wanted = money(amount === '' ? undefined : amount, loan.currency);
  if (!wanted) return [];
  const rules: Rule[] = [];
  const outstanding = money(loan.outstanding, loan.currency);
  if (outstanding && wanted.isGreaterThan(outstanding)) {
    rules.push({
      key: 'exceeds',
      text: codeText('loan.repay_exceeds', { outstanding: loan.outstanding, currency: loan.currency }),
    });
  }
  const balance = money(available, loan.currency);
  if (balance && wanted.isGreaterThan(balance)) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_balance', { available: available ?? '0', currency: loan.currency }),
    });
  }
  return rules;
}

/** §16.4: review.pending_exists → checkin.count_insufficient. */
export function raiseRules(rating: LoanRatingData): Rule[] {
  if (rating.pendingQuotaRaise) return [{ key: 'pending', text: codeText('review.pending_exists') }];
  if (rating.checkinsLast30Days < rating.quotaRaiseCheckins) {
    return [
      {
        key: 'checkins',
        text: codeText('checkin.count_insufficient', {
          required: String(rating.quotaRaiseCheckins),
          current: String(rating.checkinsLast30Days),
        }),
      },
    ];
  }
  return [];
}

/** The smaller of what is owed and what is available: the "all" button of the repay form. */
export function repayAll(loan: LoanRecordData, available: string | undefined): string {
  const outstanding = money(loan.outstanding, loan.currency);
  const balance = money(available, loan.currency);
  if (!outstanding) return '';
  if (!balance) return outstanding.toString();
  return (balance.isLessThan(outstanding) ? balance : outstanding).toString();
}

export function currencyOf(value: string): Currency {
  return isCurrency(value) ? value : 'MXN';
}
