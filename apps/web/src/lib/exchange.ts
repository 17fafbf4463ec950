/**
 * The exchange preview (docs/api.md §1.11): `toAmount = amount × rate`, with the 8-decimal rate of
 * `/funds/rates`, rounded **down** to the target currency's scale, exactly as the server does
 * with the contract's `Money`, so the preview and the executed amount agree to the last digit.
 * Only this screen imports it, so decimal.js stays in its chunk (about 13 kB gzipped) and zod
 * is not pulled in: `money.ts` of the contract does not import it.
 */
import { Money, type Currency } from '@brokerage/contract';

const plainDecimal = /^\d{1,15}(\.\d+)?$/;
const plainRate = /^\d+(\.\d+)?$/;

/** What `amount` of `from` buys of `to` at `rate`, at the target's scale; null while the input is not a number. */
export function exchangePreview(amount: string, rate: string, from: Currency, to: Currency): string | null {
  if (!plainDecimal.test(amount) || !plainRate.test(rate)) return null;
  // down, like the server: the house keeps the remainder below the target's minor unit
  return Money.of(amount, from).convert(rate, to, 'down').toString();
}
