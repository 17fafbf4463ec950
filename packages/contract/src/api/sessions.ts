/** Sessions and devices (docs/api.md §23.8): the account's signed-in devices, ending one or all others. */
import { z } from 'zod';
import { id, timestamp } from '../primitives.js';

/**
 * A live session as its owner sees it. `device` is the browser and system read from the
 * User-Agent when the session started ("Chrome · Android"; empty when unknown: the client then
 * shows its own "unknown device"); `ip` the address it started from masked to its /24 (IPv4) or
 * /48 (IPv6), the only form the server keeps.
 */
export const sessionItem = z.object({
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  createdAt: timestamp,
  lastSeenAt: timestamp,
});
export type SessionItem = z.infer<typeof sessionItem>;

export const sessionsResponse = z.object({ list: z.array(sessionItem) });
export const sessionRevokeRequest = z.object({ sessionId: id });
/** How long a device (browser, system and /24) stays known: a sign-in from one not seen for longer is reported (§23.8). */
export const KNOWN_DEVICE_DAYS = 90;
