/** `alert` and `push` calls of docs/api.md §22: price alerts and Web Push notifications. */
import { z } from 'zod';
import { languages, markets } from '../enums.js';
import { id, int, page, rate, size, timestamp } from '../primitives.js';
import { price } from './trade.js';

/** What an alert watches (§22.1): the last price against a level, or the day's change rate against a bound. */
export const alertKinds = ['price_above', 'price_below', 'change_up', 'change_down'] as const;
export type AlertKind = (typeof alertKinds)[number];
/** `once` ends `triggered`; `daily` stays `active` and fires at most once per trading day of the market. */
export const alertRepeats = ['once', 'daily'] as const;
export type AlertRepeat = (typeof alertRepeats)[number];
/** §22.1 states: `active` → `triggered` | `expired` | `cancelled`. */
export const alertStates = ['active', 'triggered', 'expired', 'cancelled'] as const;
export type AlertState = (typeof alertStates)[number];

/** Kinds compared with a price; the others with the day's change rate. */
export const priceAlertKinds: readonly AlertKind[] = ['price_above', 'price_below'];
/** Longest an alert may live, and its default life (§22.1). */
export const ALERT_MAX_DAYS = 180;
export const ALERT_DEFAULT_DAYS = 30;
export const ALERT_NOTE_MAX = 60;

export const alertCreateRequest = z
  .object({
    instrumentId: id,
    kind: z.enum(alertKinds),
    /** a price (at most the instrument's `priceScale` decimals) for `price_*`; a rate in (0, 1] for `change_*` */
    value: z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, 'not_decimal_string'),
    repeat: z.enum(alertRepeats).default('once'),
    expiresAt: timestamp.nullable().optional(),
    note: z.string().max(ALERT_NOTE_MAX).default(''),
  })
  .superRefine((b, ctx) => {
    // a price must be a Price (§1.4); a change rate a Rate in (0, 1]. The instrument's priceScale is the server's check.
    const ok = priceAlertKinds.includes(b.kind) ? price.safeParse(b.value) : rate.safeParse(b.value);
    if (!ok.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: ok.error.issues[0]?.message ?? 'format' });
    } else if (!priceAlertKinds.includes(b.kind) && !/^(0\.\d*[1-9]\d*|1(\.0+)?)$/.test(b.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'out_of_range' });
    }
  });
export type AlertCreateRequest = z.input<typeof alertCreateRequest>;

export const alert = z.object({
  id,
  instrumentId: id,
  code: z.string(),
  name: z.string(),
  market: z.enum(markets),
  kind: z.enum(alertKinds),
  value: z.string(),
  repeat: z.enum(alertRepeats),
  note: z.string(),
  state: z.enum(alertStates),
  createdAt: timestamp,
  expiresAt: timestamp,
  /** the last time it fired (a `daily` alert keeps its last firing) */
  triggeredAt: timestamp.nullable(),
  /** the price that fired it */
  triggerPrice: z.string().nullable(),
  /** the instrument's last price now, when known */
  lastPrice: z.string().nullable(),
});
export type Alert = z.infer<typeof alert>;

export const alertListRequest = z.object({
  states: z.array(z.enum(alertStates)).max(4).optional(),
  instrumentId: id.optional(),
  page,
  size,
});
export const alertCancelRequest = z.object({ alertId: id });

/** §22.4: the browser's PushSubscription JSON plus the language to write notifications in. */
export const pushSubscribeRequest = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({
    /** the client's P-256 public key, base64url (65 bytes uncompressed) */
    p256dh: z
      .string()
      .min(80)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'format'),
    /** the 16-byte auth secret, base64url */
    auth: z
      .string()
      .min(16)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'format'),
  }),
  lang: z.enum(languages),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;
export const pushSubscribeResponse = z.object({ id });
export const pushUnsubscribeRequest = z.object({ endpoint: z.string().min(1).max(2048) });
export const pushConfig = z.object({ vapidPublicKey: z.string() });

/** The kinds of push a user can turn off (§22.4). */
export const pushPrefKinds = ['alerts', 'orders', 'money', 'products'] as const;
export type PushPrefKind = (typeof pushPrefKinds)[number];
/**
 * What a message is pushed under (§22.4): a preference, or `security` (a sign-in from a new device,
 * two-step verification reset, a cloned passkey), pushed to every subscription and never turned off.
 */
export type PushKind = PushPrefKind | 'security';
export const pushPrefsRequest = z.object({
  alerts: z.boolean().optional(),
  orders: z.boolean().optional(),
  money: z.boolean().optional(),
  products: z.boolean().optional(),
});
export const pushPrefs = z.object({
  alerts: z.boolean(),
  orders: z.boolean(),
  money: z.boolean(),
  products: z.boolean(),
  /** addition: how many devices of the user receive pushes */
  devices: int,
});
export type PushPrefs = z.infer<typeof pushPrefs>;

/** The payload a push carries once decrypted (§22.4): written in the subscription's language. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
