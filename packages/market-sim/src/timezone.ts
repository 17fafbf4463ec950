/**
 * Time-zone conversion with the platform's Intl data, no dependency. Offsets are cached per
 * zone and quarter hour of UTC time (every zone change in the tz database happens on a
 * quarter hour), so the Intl formatter runs once per zone and quarter hour actually used.
 */
import { DAY_MS, MINUTE_MS } from './day-number.js';

const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const CACHE_LIMIT = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatterOf(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

function computeOffsetMinutes(timezone: string, ms: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timezone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year ?? 0,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** Minutes to add to UTC to get the zone's wall clock at instant `ms`. */
function utcOffsetMinutes(timezone: string, ms: number): number {
  if (timezone === 'UTC' || timezone === 'Etc/UTC') return 0;
  let zone = offsetCache.get(timezone);
  if (zone === undefined) {
    zone = new Map();
    offsetCache.set(timezone, zone);
  }
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    if (zone.size >= CACHE_LIMIT) zone.clear();
    offset = computeOffsetMinutes(timezone, bucket * QUARTER_HOUR_MS);
    zone.set(bucket, offset);
  }
  return offset;
}

/** The zone's wall clock at `ms`, as milliseconds of a fictitious UTC clock. */
function wallClockMs(timezone: string, ms: number): number {
  return ms + utcOffsetMinutes(timezone, ms) * MINUTE_MS;
}

/** Local day number of an instant. */
export function localDayNumber(timezone: string, ms: number): number {
  return Math.floor(wallClockMs(timezone, ms) / DAY_MS);
}

/**
 * The UTC instant of a local wall-clock time (`minuteOfDay` minutes after local midnight of
 * `day`, 1440 meaning the next midnight). A time that occurs twice (clocks going back) maps to
 * the first occurrence; a time that does not exist (clocks going forward) is moved forward by
 * the gap, as a wall clock would show it.
 */
export function wallTimeToUtc(timezone: string, day: number, minuteOfDay: number): number {
  const wall = day * DAY_MS + minuteOfDay * MINUTE_MS;
  const before = utcOffsetMinutes(timezone, wall - 14 * 3_600_000);
  const after = utcOffsetMinutes(timezone, wall + 14 * 3_600_000);
  const candidates = [wall - before * MINUTE_MS, wall - after * MINUTE_MS].filter(
    (instant) => wallClockMs(timezone, instant) === wall,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before * MINUTE_MS;
}
