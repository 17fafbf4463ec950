/**
 * The column types every `*.tables.ts` shares, so a repository hands services typed records
 * (docs/architecture.md principle 5: money is exact from database to screen).
 *
 * An amount column is `numeric(30, 8)` (the ledger's scale). It reads as an exact decimal (`Dec`),
 * never a string or a float; the row's currency is another column, so the repository's row mapper
 * (`withMoney`) turns the decimal into the contract's `Money`. It writes a `Dec` (a `Money`'s
 * `amount`) at the ledger's 8 decimals, half-up (what `numeric(30, 8)` itself would do).
 *
 * The SQL types are the ones `numeric(…)` declared: no migration follows from these helpers.
 */
import { Dec, LEDGER_SCALE, Money, type Currency } from '@brokerage/contract';
import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

const amountColumn = customType<{ data: Dec; driverData: string; driverParam: string }>({
  dataType: () => 'numeric(30, 8)',
  toDriver: (value: Dec) => value.toFixed(LEDGER_SCALE, Dec.ROUND_HALF_UP),
  fromDriver: (value: string) => new Dec(value),
});

/** An amount: `numeric(30, 8)`, read and written as an exact `Dec` (a `Money`'s `amount`). */
export const money = (name: string) => amountColumn(name);

/**
 * An amount kept as the decimal string the database returns (`numeric(30, 8)`): the orders table,
 * whose rows a buy writes through a hot-path SQL template (its repository converts with
 * `orderMoney` / `orderAmount`), and the copy funds until they move to `money`.
 */
export const amountText = (name: string) => numeric(name, { precision: 30, scale: 8 });

/**
 * A rate or ratio (a daily rate, a fee rate, a winning rate): `numeric(precision, 8)`. Not money: it
 * stays the decimal string the database returns (exact, the contract's wire form of a rate).
 */
export const rate = (name: string, precision: 12 | 20 = 12) => numeric(name, { precision, scale: 8 });

/** A timestamp with time zone, read as a `Date` (UTC). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** The money fields of a record: each amount column as `Money` in the row's currency (null stays null). */
export type WithMoney<R, K extends keyof R> = Omit<R, K> & { [P in K]: null extends R[P] ? Money | null : Money };

/**
 * The row mapper of a repository: turns the named amount columns of a row into `Money` in the
 * row's currency. Exact: nothing is rounded (the column holds 8 decimals).
 */
export function withMoney<R extends object, K extends keyof R>(
  row: R,
  currency: Currency,
  keys: readonly K[],
): WithMoney<R, K> {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const key of keys) {
    const value = row[key] as unknown;
    out[key as string] = value === null || value === undefined ? value : Money.of(value as Dec, currency);
  }
  return out as WithMoney<R, K>;
}

/** An amount of `currency` from an exact decimal the database computed (a sum, a balance). */
export function moneyFrom(value: Dec | string | null | undefined, currency: Currency): Money {
  return value === null || value === undefined ? Money.zero(currency) : Money.of(value, currency);
}

/** An amount in the ledger's form (8 decimals, half-up), for a journal entry's memo. */
export function ledgerDecimal(amount: Money): string {
  return amount.amount.toFixed(LEDGER_SCALE, Dec.ROUND_HALF_UP);
}
