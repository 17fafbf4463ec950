/** The 30-day check-in calendar: pure date arithmetic on ISO dates (`YYYY-MM-DD`), no timezone. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const CALENDAR_DAYS = 30;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday, Monday 1 … Sunday 7. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export interface CalendarCell {
  date: string;
  /** day of the month */
  dayOfMonth: number;
  checked: boolean;
  today: boolean;
  /** the first cell or the first of a month: the month is shown */
  showMonth: boolean;
}

/** The 30 days ending `today` (oldest first), with the blanks before the first one so weeks start on Monday. */
export function calendarCells(
  today: string,
  checkedDays: readonly string[],
): { leading: number; cells: CalendarCell[] } {
  const checked = new Set(checkedDays);
  const first = addDays(today, -(CALENDAR_DAYS - 1));
  const cells: CalendarCell[] = [];
  for (let i = 0; i < CALENDAR_DAYS; i += 1) {
    const date = addDays(first, i);
    const dayOfMonth = Number(date.slice(8, 10));
    cells.push({
      date,
      dayOfMonth,
      checked: checked.has(date),
      today: date === today,
      showMonth: i === 0 || dayOfMonth === 1,
    });
  }
  return { leading: isoWeekday(first) - 1, cells };
}

/** Monday … Sunday in the language, narrow (M, T, …; 一, 二, …). */
export function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export function monthName(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A date for reading (aria labels, the rule line): the language's medium date. */
export function longDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
