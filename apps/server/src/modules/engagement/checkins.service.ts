/**
 * Daily check-in (docs/api.md §16.6, §3.7): once per calendar day in `funds.timezone`, no money
 * reward; the check-ins of the last 30 days feed the credit-quota raise (§16.4).
 */
import { configKeyDef, type CheckinResult, type CheckinStatus } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { localDateIn } from '../../platform/fund-window.js';
import type { Settings } from '../../platform/settings.js';
import { checkinDaysBetween, checkinDaysUpTo, countCheckins, insertCheckinOnce } from './checkins.repository.js';

export interface CheckinDeps {
  clock: Clock;
  settings: Settings;
}

/** The window of `last30Days`: today and the 29 days before it. */
export const CHECKIN_WINDOW_DAYS = 30;
const DEFAULT_TIMEZONE = configKeyDef('funds.timezone').default;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar arithmetic on ISO dates (`YYYY-MM-DD`), independent of any timezone. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the 30-day window ending on `today`. */
export function windowStart(today: string): string {
  return addDays(today, -(CHECKIN_WINDOW_DAYS - 1));
}

/**
 * Check-ins in the 30 calendar days ending today in `timezone` (today included). The condition of
 * the credit-quota raise (`checkin.count_insufficient`, docs/api.md §16.4); the timezone is
 * `funds.timezone` (default America/Mexico_City).
 */
export async function checkinsInLast30Days(
  db: Db,
  userId: string,
  now: Date,
  timezone: string = DEFAULT_TIMEZONE,
): Promise<number> {
  const today = localDateIn(timezone, now);
  return (await checkinDaysBetween(db, userId, windowStart(today), today)).length;
}

/** Consecutive check-in days ending today, or ending yesterday while today is not checked in yet. */
async function streakOf(db: Db, userId: string, today: string): Promise<number> {
  const BATCH = 400;
  let streak = 0;
  let expected = today;
  let first = true;
  for (;;) {
    const days = await checkinDaysUpTo(db, userId, expected, BATCH);
    for (const day of days) {
      if (first && day !== today) expected = addDays(today, -1);
      first = false;
      if (day !== expected) return streak;
      streak += 1;
      expected = addDays(expected, -1);
    }
    if (days.length < BATCH) return streak;
  }
}

function timezoneOf(settings: Settings): string {
  return settings.get('funds.timezone');
}

export async function checkinStatus(db: Db, deps: CheckinDeps, userId: string): Promise<CheckinStatus> {
  const timezone = timezoneOf(deps.settings);
  const today = localDateIn(timezone, deps.clock.now());
  const [days, count, streak] = await Promise.all([
    checkinDaysBetween(db, userId, windowStart(today), today),
    countCheckins(db, userId),
    streakOf(db, userId, today),
  ]);
  return { checkedInToday: days[0] === today, date: today, count, streak, last30Days: days.length, days };
}

/** Rules: `checkin.already_today`. Concurrent calls: the (user, day) key lets exactly one insert. */
export async function checkIn(db: Db, deps: CheckinDeps, userId: string): Promise<CheckinResult> {
  const timezone = timezoneOf(deps.settings);
  const now = deps.clock.now();
  const today = localDateIn(timezone, now);
  const inserted = await insertCheckinOnce(db, { userId, day: today, timezone, createdAt: now });
  if (!inserted) throw new DomainError('checkin.already_today');
  const [count, streak] = await Promise.all([countCheckins(db, userId), streakOf(db, userId, today)]);
  return { checkedInToday: true, date: today, count, streak };
}
