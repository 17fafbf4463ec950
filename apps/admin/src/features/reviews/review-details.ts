/**
 * Helpers for the details of a review item (docs/api.md §19.3). The contract types the details per queue (a
 * union on `queue`), so the drawer reads them directly; what stays here is what the types cannot say:
 * whether an image link may be loaded, and the exact payout of a withdrawal. Pure, so tested in node.
 */
import { Money, type Currency } from '@brokerage/contract';

/**
 * An image link the drawer may load: a same-origin path (the signed `/files/<id>?exp=…&sig=…` links)
 * or an absolute http(s) URL. Anything else (`javascript:`, `data:`, protocol-relative) is refused.
 */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

/** What reaches the card or wallet: amount − fee at the currency's scale (half-up); null if not decimals. */
export function netPayout(amount: string, fee: string, currency: Currency): string | null {
  try {
    return Money.of(amount, currency).minus(Money.of(fee, currency)).rounded('half_up').toString();
  } catch {
    return null;
  }
}
