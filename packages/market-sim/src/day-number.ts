/**
 * Local dates as day numbers (days since 1970-01-01). Calendar arithmetic on integers is exact
 * and cheap; the "YYYY-MM-DD" strings of the public API are converted at the edge.
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a "YYYY-MM-DD" date; throws on anything else. */
export function dayNumberOf(date: string): number {
  const match = datePattern.exec(date);
  if (match === null) throw new RangeError(`market-sim: not a date "${date}"`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = ms / DAY_MS;
  if (dateOfDayNumber(day) !== date) throw new RangeError(`market-sim: not a date "${date}"`);
  return day;
}

const dateTexts = new Map<number, string>();

/** "YYYY-MM-DD" of a day number (memoised: quotes ask for the same few days all the time). */
export function dateOfDayNumber(day: number): string {
  let text = dateTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateTexts.size < 100_000) dateTexts.set(day, text);
  }
  return text;
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Day number of the Monday of the ISO week containing `day`. */
export function isoWeekStart(day: number): number {
  return day - isoWeekday(day) + 1;
}

/** Months since year 0 of a day number (year × 12 + month − 1), the key of a 1M bar. */
export function monthKey(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** 00:00 UTC of a local trading date, the open time of 1d/1w/1M bars. */
export function utcMidnight(day: number): Date {
  return new Date(day * DAY_MS);
}
