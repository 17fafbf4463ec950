/**
 * Web Push on this device (docs/api.md §22.4). Permission is asked only when the user switches
 * notifications on, never on load. Switching on: permission → the service worker's registration →
 * `pushManager.subscribe` with the server's VAPID key → `/push/subscribe` with the subscription and
 * the app's language. Switching off removes the subscription on both sides.
 *
 * The browser's objects come in through `PushEnv`, so tests drive every branch with fakes.
 */
import type { Language, PushSubscribeRequest } from '@brokerage/contract';

export interface PushEnv {
  notification: {
    permission: NotificationPermission;
    requestPermission: () => Promise<NotificationPermission>;
  } | null;
  serviceWorker: {
    getRegistration: () => Promise<ServiceWorkerRegistration | undefined>;
    ready: Promise<ServiceWorkerRegistration>;
  } | null;
  pushManager: boolean;
}

/** The browser's own objects (null where this browser lacks them). */
export function browserPushEnv(): PushEnv {
  const win = typeof window === 'undefined' ? undefined : window;
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    notification: win && 'Notification' in win ? win.Notification : null,
    serviceWorker: nav && 'serviceWorker' in nav ? nav.serviceWorker : null,
    pushManager: win !== undefined && 'PushManager' in win,
  };
}

/** What the device switch can show. */
export type DeviceState =
  /** no Notification, Push API or service workers in this browser */
  | 'unsupported'
  /** the browser could, but no worker is registered (the dev server, a blocked worker) */
  | 'no-worker'
  /** the user (or the browser) blocked notifications for the site */
  | 'denied'
  | 'off'
  | 'on';

export async function readDeviceState(env: PushEnv): Promise<DeviceState> {
  if (!env.notification || !env.serviceWorker || !env.pushManager) return 'unsupported';
  if (env.notification.permission === 'denied') return 'denied';
  const registration = await env.serviceWorker.getRegistration();
  if (!registration) return 'no-worker';
  const subscription = await registration.pushManager.getSubscription();
  return subscription && env.notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url (the VAPID key as the server sends it) → bytes for `applicationServerKey`. */
export function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The request of `/push/subscribe` from a browser subscription, or null when it lacks its keys. */
export function subscribeBody(subscription: PushSubscription, lang: Language): PushSubscribeRequest | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth }, lang };
}

export interface PushServer {
  vapidPublicKey: () => Promise<string>;
  subscribe: (body: PushSubscribeRequest) => Promise<unknown>;
  unsubscribe: (endpoint: string) => Promise<unknown>;
}

export type TurnOnResult = 'on' | 'denied' | 'dismissed' | 'unsupported' | 'no-worker' | 'failed';

/** Switches push on for this device; call it only from the user's own tap (it asks for permission). */
export async function turnPushOn(env: PushEnv, server: PushServer, lang: Language): Promise<TurnOnResult> {
  if (!env.notification || !env.serviceWorker || !env.pushManager) return 'unsupported';
  const permission = await env.notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  if (!(await env.serviceWorker.getRegistration())) return 'no-worker';
  try {
    const registration = await env.serviceWorker.ready;
    const key = await server.vapidPublicKey();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(key) as BufferSource,
      }));
    const body = subscribeBody(subscription, lang);
    if (!body) return 'failed';
    await server.subscribe(body);
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Switches push off for this device: the server forgets the endpoint, the browser drops the subscription. */
export async function turnPushOff(env: PushEnv, server: PushServer): Promise<void> {
  const registration = await env.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await server.unsubscribe(subscription.endpoint);
  } finally {
    await subscription.unsubscribe();
  }
}
