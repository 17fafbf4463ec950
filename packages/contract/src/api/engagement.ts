/** `checkin` and `invite` calls of docs/api.md §16.6 (daily check-in, friend invitation). */
import { z } from 'zod';
import { date, int } from '../primitives.js';

/** `/checkin/do`: the state after the check-in. */
export const checkinResult = z.object({
  checkedInToday: z.boolean(),
  /** today in `funds.timezone` */
  date,
  /** all check-ins of the user */
  count: int,
  /** consecutive days up to today (or up to yesterday while today is not checked in yet) */
  streak: int,
});
export type CheckinResult = z.infer<typeof checkinResult>;

/** `/checkin/status`. */
export const checkinStatus = checkinResult.extend({
  /** check-ins in the 30 days ending today (today included), the `/loan/raiseQuota` condition */
  last30Days: int,
  /** addition (docs/decisions.md): those days, newest first, for the calendar */
  days: z.array(date),
});
export type CheckinStatus = z.infer<typeof checkinStatus>;

export const inviteInfo = z.object({
  inviteCode: z.string(),
  /** registered accounts whose invitation code was the caller's */
  invitedCount: int,
});
export type InviteInfo = z.infer<typeof inviteInfo>;
