/**
 * The figures and rules of a block-trade application (docs/api.md §13.2), so the form shows what would
 * stop the user before they press. Amounts are the contract's `Money` (exact decimals), never
 * floats: amount = deal price × shares (exact: the price has the currency's scale), fee = amount ×
 * the market's buyFeeRate rounded half-up to the currency's scale (the server's rounding: the house
 * gains the half cent), and amount + fee is what gets frozen. Share counts are integers. The rules
 * come in the server's order, each as its catalogue code, so the text is the one the server would
 * send, in the user's language.
 */
import { Dec, Money, isCurrency, isSecretFormat, type Currency } from '@brokerage/contract';
import { translator } from '../../api/client';
import { formatDecimal, formatMoney, formatPrice } from '../../lib/format';
import { codeText, type Rule } from '../../components/MoneyParts';
import type { BlockProductData } from './block-queries';

export const SECRET_KEY_MAX = 64;

/**
 * A typed secret key as the server generated it: spaces (of a copied key) dropped and letters in
 * capitals, since every generated key is capitals and digits (the contract's `SECRET_ALPHABET`).
 */
export function sanitiseSecretKey(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** The key's format before the press; whether it matches is only the server's to say (under its failure limit). */
export function secretKeyProblem(secretKey: string): boolean {
  return !isSecretFormat(secretKey);
}
/** The contract's maximum shares per application (`lots`). */
export const SHARES_MAX = 10_000_000;

const plainDecimal = /^-?\d+(\.\d+)?$/;

/** "10000" → "10,000": share counts with thousands separators. */
export function formatShares(count: number): string {
  return formatMoney(String(count));
}

/** Whole shares typed into the field: digits only, no leading zeros, at most 8 digits (the contract allows 10^7). */
export function sanitiseSharesInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 8);
}

/** The typed share count as an integer, or null when nothing (or zero) was typed. */
export function sharesOf(input: string): number | null {
  if (!/^\d+$/.test(input)) return null;
  const value = Number.parseInt(input, 10);
  return value > 0 ? value : null;
}

export interface BlockCost {
  amount: Money;
  fee: Money;
  /** amount + fee: what the application freezes. */
  total: Money;
}

/** The cost of `shares` at the product's deal price, or null without a share count. */
export function blockCost(
  product: Pick<BlockProductData, 'price' | 'currency' | 'buyFeeRate'>,
  shares: number | null,
): BlockCost | null {
  if (shares === null || !plainDecimal.test(product.price) || !plainDecimal.test(product.buyFeeRate)) return null;
  const amount = Money.of(product.price, product.currency).times(shares);
  // The fee rounds half-up to the currency's scale, as the server posts it (docs/api.md §13.2).
  const fee = amount.times(product.buyFeeRate).rounded('half_up');
  return { amount, fee, total: amount.plus(fee) };
}

/**
 * The deal price against the live price, as a signed fraction (negative: a discount), or null
 * without a usable live price.
 */
export function priceGap(product: Pick<BlockProductData, 'price' | 'currentPrice'>): string | null {
  const live = product.currentPrice;
  if (live === null || !plainDecimal.test(live) || !plainDecimal.test(product.price)) return null;
  const current = new Dec(live);
  if (current.isZero()) return null;
  return formatDecimal(new Dec(product.price).minus(current).dividedBy(current), 6, 'half_up');
}

/** The available balance as Money of the product's currency, or null while unknown. */
function availableMoney(available: string | undefined, currency: Currency): Money | null {
  if (available === undefined || !plainDecimal.test(available) || !isCurrency(currency)) return null;
  return Money.of(available, currency);
}

export interface ApplyInput {
  shares: number | null;
  secretKey: string;
  /** Available balance in the product's currency; undefined while unknown. */
  available: string | undefined;
}

/**
 * Whether the deal price lies outside the product's price collar (`priceLow`…`priceHigh`); a product
 * without a band (no usable quote) cannot be applied for either.
 */
export function collarRule(
  product: Pick<BlockProductData, 'price' | 'currency' | 'priceLow' | 'priceHigh'>,
): Rule | null {
  const { priceLow, priceHigh } = product;
  if (priceLow === null || priceHigh === null) return { key: 'collar', text: codeText('block.instrument_closed') };
  if (!plainDecimal.test(product.price) || !plainDecimal.test(priceLow) || !plainDecimal.test(priceHigh)) return null;
  const price = Money.of(product.price, product.currency);
  if (
    !price.isLessThan(Money.of(priceLow, product.currency)) &&
    !price.isGreaterThan(Money.of(priceHigh, product.currency))
  )
    return null;
  return {
    key: 'collar',
    text: codeText('block.price_out_of_range', { low: formatPrice(priceLow), high: formatPrice(priceHigh) }),
  };
}

/**
 * What stops this application now, in the server's order after the gates (§13.2): the product
 * closed, the deal price outside its collar, the secret key's format (its match is only known to
 * the server), the minimum shares, the daily limit, then funds (amount + fee against the available
 * balance).
 */
export function applyRules(product: BlockProductData, input: ApplyInput): Rule[] {
  if (!product.open) return [{ key: 'closed', text: codeText('block.instrument_closed') }];
  const collar = collarRule(product);
  if (collar) return [collar];
  const rules: Rule[] = [];
  const { shares } = input;
  if (shares === null) return rules;
  if (secretKeyProblem(input.secretKey))
    rules.push({ key: 'secret-key', text: translator.t('ui.block.secretKeyRule') });
  if (shares < product.minShares)
    rules.push({ key: 'min-shares', text: codeText('block.min_shares', { min: String(product.minShares) }) });
  if (product.dailyLimit !== null && product.remainingToday !== null && shares > product.remainingToday) {
    rules.push({
      key: 'daily-limit',
      text: codeText('block.daily_limit', {
        limit: formatShares(product.dailyLimit),
        remaining: formatShares(product.remainingToday),
      }),
    });
  }
  const cost = blockCost(product, shares);
  const available = availableMoney(input.available, product.currency);
  if (cost && available && cost.total.isGreaterThan(available)) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_available', {
        available: available.toString(),
        required: cost.total.toString(),
        currency: product.currency,
      }),
    });
  }
  return rules;
}

/** True when amount + fee exceed the available balance. */
export function isShort(cost: BlockCost | null, available: string | undefined, currency: Currency): boolean {
  const balance = availableMoney(available, currency);
  return cost !== null && balance !== null && cost.total.isGreaterThan(balance);
}
