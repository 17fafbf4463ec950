// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import NotificationSettingsPage from './NotificationSettingsPage';
import { base64UrlToBytes, type PushEnv } from './push';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const P256DH = 'BIPUL12DLfytvTajnryr2PRdAgXS3HGKiLqndGcJGabyhHheJYlNGCeXl1dn18gSJ1WAkAPIxr4gK0_dQds4yiI';
const AUTH = 'FPssNDTKnInHVndSTdbKFw';

interface FakeBrowser {
  env: PushEnv;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
  worker = true,
} = {}): FakeBrowser {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const makeSubscription = () =>
    ({
      endpoint: 'https://push.example/send/abc',
      toJSON: () => ({ endpoint: 'https://push.example/send/abc', keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe,
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription();
  const subscribe = vi.fn(async () => {
    current = makeSubscription();
    return current;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  } as unknown as ServiceWorkerRegistration;
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  return {
    env: {
      notification,
      serviceWorker: {
        getRegistration: async () => (worker ? registration : undefined),
        ready: Promise.resolve(registration),
      },
      pushManager: true,
    },
    requestPermission: notification.requestPermission,
    subscribe,
    unsubscribe,
  };
}

const prefs = { alerts: true, orders: true, money: true, products: true, devices: 0 };

function api() {
  return stubApi({
    '/push/config': { data: { vapidPublicKey: KEY } },
    '/push/subscribe': { data: { id: 'ps_1' }, code: 'result.push.ok' },
    '/push/unsubscribe': { data: null },
    '/push/prefs': (body): Answer => ({ data: { ...prefs, ...(body as object) } }),
  });
}

function renderSettings(env: PushEnv) {
  return renderAt('/information/notifications', [
    page('/information/notifications', <NotificationSettingsPage env={env} />),
  ]);
}

const deviceSwitch = () => screen.findByTestId<HTMLInputElement>('notify-device');

describe('the notification settings', () => {
  setUpSignedInTests(ACCOUNT);

  it('never asks for permission on load, and switches push on only when the user turns it on', async () => {
    const browser = fakeBrowser();
    const calls = api();
    sessionStore.getState().setLanguage('de');
    renderSettings(browser.env);
    const toggle = await deviceSwitch();
    expect(toggle.checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(calls.callsTo('/push/config')).toHaveLength(0);

    fireEvent.click(toggle);
    await waitFor(() => expect(calls.callsTo('/push/subscribe')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(KEY)));
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(calls.callsTo('/push/subscribe')[0]).toEqual({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: P256DH, auth: AUTH },
      lang: 'de',
    });
    await waitFor(async () => expect((await deviceSwitch()).checked).toBe(true));
  });

  it('switches off on both sides: the server forgets the endpoint, the browser drops the subscription', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = api();
    renderSettings(browser.env);
    const toggle = await deviceSwitch();
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalled());
    expect(calls.callsTo('/push/unsubscribe')).toEqual([{ endpoint: 'https://push.example/send/abc' }]);
    expect((await screen.findByTestId('notify-notice-turnedOff')).textContent).toBe(
      'Notifications are off on this device.',
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('explains how to allow notifications again when the user blocks them', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const calls = api();
    renderSettings(browser.env);
    fireEvent.click(await deviceSwitch());
    expect((await screen.findByTestId('notify-notice-denied')).textContent).toContain(
      'Allow them in the site settings of your browser',
    );
    expect(calls.callsTo('/push/subscribe')).toHaveLength(0);
    expect((await deviceSwitch()).disabled).toBe(false);
  });

  it('says so when notifications were blocked before, without asking', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    api();
    renderSettings(browser.env);
    expect((await screen.findByTestId('notify-notice-denied')).textContent).toContain('blocked for this site');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('says a browser without push cannot, and a build without a worker needs the installed app', async () => {
    api();
    const none: PushEnv = { notification: null, serviceWorker: null, pushManager: false };
    const view = renderSettings(none);
    expect((await screen.findByTestId('notify-notice-unsupported')).textContent).toContain('cannot receive');
    expect((await deviceSwitch()).disabled).toBe(true);
    view.unmount();

    renderSettings(fakeBrowser({ worker: false }).env);
    expect((await screen.findByTestId('notify-notice-no-worker')).textContent).toContain('no service worker');
    expect((await deviceSwitch()).disabled).toBe(true);
  });

  it('turns one kind off for every device through /push/prefs', async () => {
    const calls = api();
    renderSettings(fakeBrowser().env);
    const orders = await screen.findByTestId<HTMLInputElement>('notify-kind-orders');
    expect(orders.checked).toBe(true);
    expect(calls.callsTo('/push/prefs')[0]).toEqual({});
    fireEvent.click(orders);
    await waitFor(() => expect(calls.callsTo('/push/prefs')).toContainEqual({ orders: false }));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('notify-kind-orders').checked).toBe(false));
    expect(screen.getByTestId<HTMLInputElement>('notify-kind-alerts').checked).toBe(true);
    expect(screen.getByTestId('notify-devices').textContent).toBe('Devices that receive notifications: 0');
  });
});
