/**
 * The exchange preview (API.md §1.11): `toAmount = amount × rate`, with the 8-decimal rate of
 * `/funds/rates`, rounded half-up to the target currency's scale. It uses the contract's `Dec`
 * (decimal.js), the same arithmetic the server uses, so the preview and the executed amount
 * agree to the last digit. Only this screen imports it, so decimal.js stays in its chunk
 * (about 13 kB gzipped) and zod is not pulled in: `money.ts` of the contract does not import it.
 */
import { Dec } from '@brokerage/contract';
import { scaleOf } from './format';

const plainDecimal = /^\d{1,15}(\.\d+)?$/;

/** What `amount` of one currency buys at `rate`, at the target's scale; null while the input is not a number. */
export function exchangePreview(amount: string, rate: string, toCurrency: string): string | null {
  if (!plainDecimal.test(amount) || !/^\d+(\.\d+)?$/.test(rate)) return null;
  return new Dec(amount).times(rate).toFixed(scaleOf(toCurrency), Dec.ROUND_HALF_UP);
}
