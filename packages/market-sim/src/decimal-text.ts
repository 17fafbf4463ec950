/**
 * Integer ↔ decimal-string conversion. Prices, volumes and amounts are integers of a known
 * scale inside the simulator and leave it as decimal strings built from those digits (never
 * from toFixed on a float), so "16.42" is exactly 1642 ticks at scale 2.
 */
import { SimDecimal } from './sim-decimal.js';

/** An integer of the given scale as a decimal string: (1642, 2) → "16.42". */
export function formatScaled(value: number | bigint, scale: number): string {
  const negative = value < 0;
  // a safe integer prints without exponent; bigints print exactly
  const digits = typeof value === 'number' ? String(negative ? -value : value) : (negative ? -value : value).toString();
  if (scale === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(scale + 1, '0');
  const text = `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** A decimal string as an integer of the given scale, rounded half-up when it has more digits. */
export function parseScaled(text: string, scale: number): bigint {
  const scaled = new SimDecimal(text).times(new SimDecimal(10).pow(scale)).toDecimalPlaces(0, SimDecimal.ROUND_HALF_UP);
  return BigInt(scaled.toFixed(0));
}

/** An exact decimal string as a fraction numerator/10^decimals, both bigints. */
export function fractionOf(text: string): { numerator: bigint; denominator: bigint } {
  const value = new SimDecimal(text);
  const decimals = value.decimalPlaces();
  return {
    numerator: BigInt(value.times(new SimDecimal(10).pow(decimals)).toFixed(0)),
    denominator: 10n ** BigInt(decimals),
  };
}
