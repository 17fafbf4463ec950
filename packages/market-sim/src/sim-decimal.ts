/**
 * The simulator's own Decimal constructor. decimal.js keeps its settings on the constructor,
 * so we use an isolated clone and never touch the global one other packages share.
 * decimal.js is pure JavaScript integer arithmetic: the same inputs give the same digits on
 * every machine, which is why the few constants that need logarithms or powers come from it.
 */
import Decimal from 'decimal.js';

export const SimDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -50,
  toExpPos: 50,
});
export type SimDecimal = Decimal;
