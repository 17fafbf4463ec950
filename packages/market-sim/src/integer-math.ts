/**
 * Exact integer helpers. Every value here is a JavaScript safe integer (or a bigint when a
 * product would leave the safe range), so results are the same on every machine. Floats are
 * used only where IEEE 754 fixes the result exactly (a product or quotient of safe integers
 * that is checked or corrected to be exact).
 */

/** ⌊a / b⌋ for safe integers, b > 0, corrected so float rounding of the quotient cannot leak. */
export function floorDiv(a: number, b: number): number {
  const q = Math.floor(a / b);
  const r = a - q * b;
  if (r < 0) return q - 1;
  if (r >= b) return q + 1;
  return q;
}

/** ⌊a × b / c⌋ exactly, c > 0; falls back to bigint when a × b is not a safe integer. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return floorDiv(product, c);
  return bigToSafe(bigFloorDiv(BigInt(a) * BigInt(b), BigInt(c)));
}

/** a × b / c rounded half up (for a × b ≥ 0), c > 0; bigint fallback as in {@link mulDivFloor}. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const product = a * b;
  if (2 * Math.abs(product) + c <= Number.MAX_SAFE_INTEGER) return floorDiv(2 * product + c, 2 * c);
  return bigToSafe(bigRoundHalfUp(BigInt(a) * BigInt(b), BigInt(c)));
}

function bigFloorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** a / b rounded half up (towards +∞ on a tie), b > 0. */
export function bigRoundHalfUp(a: bigint, b: bigint): bigint {
  return bigFloorDiv(2n * a + b, 2n * b);
}

/** Converts a bigint that must fit; a value outside the safe range is a bug, not data. */
export function bigToSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`market-sim: integer ${value} leaves the safe range`);
  }
  return Number(value);
}

/** ⌊√n⌋ for a safe integer n ≥ 0; Math.sqrt only seeds the search, the loops make it exact. */
export function isqrt(n: number): number {
  let r = Math.floor(Math.sqrt(n));
  while (r * r > n) r -= 1;
  while ((r + 1) * (r + 1) <= n) r += 1;
  return r;
}

const powersOfTen: bigint[] = [];
/** 10ⁿ as a bigint, n ≥ 0. */
export function tenPow(n: number): bigint {
  let value = powersOfTen[n];
  if (value === undefined) {
    value = 10n ** BigInt(n);
    powersOfTen[n] = value;
  }
  return value;
}

/** Asserts a safe integer; a violation means a simulator bug (or absurd universe data). */
export function assertSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`market-sim: ${what} is not a safe integer (${value})`);
  return value;
}
