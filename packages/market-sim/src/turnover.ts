/**
 * Turnover of one minute: volume × price, exact, rounded half-up to cents (2 decimals). Volume
 * has `volumeScale` decimals and the price `priceScale`, so the product has both; bigint takes
 * over when it leaves the safe range (large crypto volumes at high prices).
 */
import { assertSafe, mulDivHalfUp } from './integer-math.js';

const SMALL_POWERS = [1, 10, 100];

/** The minute-turnover function of an instrument's volume and price scales. */
export function turnoverConverter(
  volumeScale: number,
  priceScale: number,
): (volumeUnits: number, priceTicks: number) => number {
  const shift = volumeScale + priceScale - 2;
  if (shift <= 0) {
    const multiplier = SMALL_POWERS[-shift] as number;
    return (volumeUnits, priceTicks) => assertSafe(volumeUnits * priceTicks * multiplier, 'turnover');
  }
  const divisor = Number(10n ** BigInt(shift));
  return (volumeUnits, priceTicks) => mulDivHalfUp(volumeUnits, priceTicks, divisor);
}
