/**
 * The markets' default calendars (docs/api.md §1.9 and the `market.<m>.*` defaults of §19.7). The
 * server passes the calendars from its config; these are for tests, demos and as its defaults.
 * Holidays are empty by default: operators list them in config.
 */
import type { MarketCalendar, SimMarket } from './types.js';

const weekdays = [1, 2, 3, 4, 5];
const everyDay = [1, 2, 3, 4, 5, 6, 7];

export const defaultCalendars: Readonly<Record<SimMarket, MarketCalendar>> = {
  mxn: {
    timezone: 'America/Mexico_City',
    sessions: [{ name: 'regular', open: '08:30', close: '15:00' }],
    days: weekdays,
    holidays: [],
    priceLimitRate: '0.10',
  },
  usd: {
    timezone: 'America/New_York',
    sessions: [
      { name: 'pre', open: '04:00', close: '09:30' },
      { name: 'regular', open: '09:30', close: '16:00' },
      { name: 'after', open: '16:00', close: '20:00' },
    ],
    days: weekdays,
    holidays: [],
    priceLimitRate: null,
  },
  eur: {
    timezone: 'Europe/Madrid',
    sessions: [{ name: 'regular', open: '09:00', close: '17:30' }],
    days: weekdays,
    holidays: [],
    priceLimitRate: '0.10',
  },
  crypto: {
    timezone: 'UTC',
    sessions: [{ name: 'regular', open: '00:00', close: '24:00' }],
    days: everyDay,
    holidays: [],
    priceLimitRate: null,
  },
  forex: {
    timezone: 'America/New_York',
    sessions: [{ name: 'regular', open: '00:00', close: '24:00' }],
    days: weekdays,
    holidays: [],
    priceLimitRate: null,
  },
};
