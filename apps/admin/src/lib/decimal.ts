/**
 * The back office's one place for decimals that are not amounts: rates and percentages shown with a named
 * rounding, and the equality of two decimal strings typed in a form. Amounts are the contract's `Money`
 * (`Money.of(text, currency)`); nothing here rounds one. The money lint rules exempt this file only.
 */
import { Dec, type RoundingMode } from '@brokerage/contract';

const roundings = {
  half_up: Dec.ROUND_HALF_UP,
  down: Dec.ROUND_DOWN,
  up: Dec.ROUND_UP,
} as const satisfies Record<RoundingMode, number>;

/** A fraction as a percentage with `places` decimals, rounded with the named mode: ("0.0012", 2) → "0.12". */
export function percentOf(fraction: string | Dec, places: number, mode: RoundingMode): string {
  return new Dec(fraction).times(100).toFixed(places, roundings[mode]);
}

/** Whether two decimal strings are the same number ("10.0" and "10"); text that is not a decimal compares as text. */
export function sameDecimal(a: string, b: string): boolean {
  try {
    return new Dec(a).equals(new Dec(b));
  } catch {
    return a === b;
  }
}
