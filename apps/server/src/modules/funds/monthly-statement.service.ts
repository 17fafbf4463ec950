/**
 * Monthly statements (docs/api.md §10.8): the account's cash
 * (`available + frozen`) over one calendar month of `funds.timezone`: the opening balance, every
 * ledger entry of the month that changes the cash, the closing balance. Moves between available
 * and frozen (order, withdrawal and subscription freezes and releases) leave the cash as it was
 * and are not listed. The closing balance is the sum of the same postings as `/user/assets`, so
 * it equals the ledger's cash at the end of the month exactly.
 */
import { createHash } from 'node:crypto';
import type { Currency } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import { InvalidRequest } from '../../platform/errors.js';
import { localDateIn, localDayBounds } from '../../platform/fund-window.js';
import { balancesBefore, ledgerRows } from '../ledger/index.js';

/** One listed entry, already as text (a few hundred bytes each, whatever the month's size). */
export interface MonthlyLine {
  /** ISO-8601 UTC */
  time: string;
  /** the ledger kind (`deposit`, `order_open`, …) */
  kind: string;
  reference: string;
  /** the signed change of the cash, at the currency's scale (half-up) */
  amount: string;
  /** the cash after the entry, at the currency's scale (half-up) */
  balance: string;
}

export interface MonthlyStatement {
  currency: Currency;
  /** `YYYY-MM` */
  month: string;
  timezone: string;
  /** [from, to) in UTC: the month's bounds, `to` cut at the signing time for the current month */
  from: Date;
  to: Date;
  opening: string;
  closing: string;
  lines: MonthlyLine[];
}

/** Rows are read in pages so one SQL answer stays small, whatever the month holds. */
const PAGE_ROWS = 2000;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` of the month after `month`. */
export function nextMonth(month: string): string {
  const m = monthPattern.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]);
  return index === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${m[1]}-${String(index + 1).padStart(2, '0')}`;
}

/** [start, end) of a month of `timezone` in UTC, correct across DST changes. */
export function monthBounds(timezone: string, month: string): { start: Date; end: Date } {
  return {
    start: localDayBounds(timezone, `${month}-01`).start,
    end: localDayBounds(timezone, `${nextMonth(month)}-01`).start,
  };
}

/** The month of `at` in `timezone`, `YYYY-MM`. */
export function monthOf(timezone: string, at: Date): string {
  return localDateIn(timezone, at).slice(0, 7);
}

/** Refuses a month after the current one (`fields.month: "out_of_range"`, §10.8). */
export function assertStatementMonth(timezone: string, month: string, now: Date): void {
  if (month > monthOf(timezone, now) || month < '2000-01') throw new InvalidRequest({ month: 'out_of_range' });
}

/**
 * The statement of `month` as the ledger has it before `asOf` (the signing time: a link to the
 * current month gives the same file on every download).
 */
export async function monthlyStatement(
  db: Db,
  input: { userId: string; currency: Currency; month: string; timezone: string; asOf: Date },
): Promise<MonthlyStatement> {
  const { userId, currency, month, timezone } = input;
  const bounds = monthBounds(timezone, month);
  // entries up to and including the signing instant
  const untilAsOf = new Date(input.asOf.getTime() + 1);
  const to = untilAsOf < bounds.end ? untilAsOf : bounds.end;
  const before = await balancesBefore(db, userId, currency, bounds.start);
  let cash = before.available.plus(before.frozen);
  const opening = cash.toString();
  const lines: MonthlyLine[] = [];
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const rows = await ledgerRows(db, {
      userId,
      currency,
      from: bounds.start,
      to,
      order: 'asc',
      limit: PAGE_ROWS,
      offset,
    });
    for (const r of rows) {
      const change = r.availableChange.plus(r.frozenChange);
      if (change.isZero()) continue;
      cash = cash.plus(change);
      const memo = r.memo ?? {};
      lines.push({
        time: r.createdAt.toISOString(),
        kind: r.kind,
        reference: typeof memo.orderNo === 'string' ? memo.orderNo : (r.reference ?? ''),
        amount: change.toString(),
        balance: cash.toString(),
      });
    }
    if (rows.length < PAGE_ROWS) break;
  }
  return { currency, month, timezone, from: bounds.start, to, opening, closing: cash.toString(), lines };
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` (or a tab / carriage return
 * before one) as a formula: such text gets a leading `'` (issue 18). Plain numbers stay numbers.
 */
const neutralised = (v: string) => (/^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v);
const csvCell = (raw: string) => {
  const v = neutralised(raw);
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

export const MONTHLY_CSV_HEADER = 'time,kind,reference,amount,balance';

/** The CSV of §10.8: header, an `opening` row, one row per entry, a `closing` row; UTF-8, `\n` line ends. */
export function monthlyCsv(s: MonthlyStatement): string {
  const rows = [
    MONTHLY_CSV_HEADER,
    ['', 'opening', '', '', s.opening].join(','),
    ...s.lines.map((l) => [l.time, l.kind, l.reference, l.amount, l.balance].map(csvCell).join(',')),
    ['', 'closing', '', '', s.closing].join(','),
  ];
  return `${rows.join('\n')}\n`;
}

/** SHA-256 of the CSV's UTF-8 bytes, lower-case hex: printed on every page of the PDF. */
export function csvSha256(csv: string): string {
  return createHash('sha256').update(csv, 'utf8').digest('hex');
}

/** The months a statement can be asked for, newest first: the first entry's month (else this month) to now. */
export async function statementMonths(
  db: Db,
  input: { userId: string; currency: Currency; timezone: string; now: Date },
): Promise<string[]> {
  const [first] = await ledgerRows(db, { userId: input.userId, currency: input.currency, order: 'asc', limit: 1 });
  const current = monthOf(input.timezone, input.now);
  const oldest = first ? monthOf(input.timezone, first.createdAt) : current;
  const months: string[] = [];
  for (let m = oldest; m <= current; m = nextMonth(m)) months.push(m);
  return months.reverse();
}
