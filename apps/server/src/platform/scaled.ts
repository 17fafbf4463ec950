/**
 * Prices (and rates) as scaled integers for the price indexes (the engine's trigger index, the alert index): a decimal string times 10^8 as a BigInt, so
 * the index compares exact integers and never a float (orders store prices as numeric(30,8)).
 * Every conversion says which way it rounds, because a key that rounds the wrong way would make
 * a trigger fire late.
 */
export const KEY_SCALE = 8;
export const KEY_ONE = 10n ** BigInt(KEY_SCALE);

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;
const ZEROS = '0'.repeat(KEY_SCALE);

/** `value` × 10^8 rounded towards −∞ (`floor`) or +∞ (`ceil`); throws on anything but a plain decimal. */
export function toScaled(value: string, rounding: 'floor' | 'ceil' = 'floor'): bigint {
  const m = DECIMAL.exec(value);
  if (!m) throw new RangeError(`not a plain decimal: ${value}`);
  const negative = m[1] === '-';
  const fraction = m[3] ?? '';
  // one BigInt parse of the digits with the fraction cut or padded to 8 places
  let magnitude = BigInt(
    (m[2] ?? '0') +
      (fraction.length >= KEY_SCALE ? fraction.slice(0, KEY_SCALE) : fraction + ZEROS.slice(fraction.length)),
  );
  // truncation moved the magnitude towards zero; push it back out where the rounding asks for it
  if (
    fraction.length > KEY_SCALE &&
    /[1-9]/.test(fraction.slice(KEY_SCALE)) &&
    (negative ? rounding === 'floor' : rounding === 'ceil')
  )
    magnitude += 1n;
  return negative ? -magnitude : magnitude;
}

/** A scaled integer back to its decimal string (8 places). */
export function fromScaled(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / KEY_ONE;
  const fraction = (magnitude % KEY_ONE).toString().padStart(KEY_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** ⌊a / b⌋ for b > 0 (BigInt division truncates towards zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** ⌈a / b⌉ for b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}
