/**
 * `/information/notifications` (docs/api.md §22.4): the device switch "Notifications on this
 * device" and, for all the user's devices, which kinds of push they get. The browser's permission
 * is asked only when the user switches it on; a browser without push, a blocked permission and a
 * build without a service worker each say what is wrong and how to fix it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { pushPrefKinds, type PushPrefKind } from '@brokerage/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useSession } from '../../store/session';
import { alertKeys, fetchPushConfig, usePushPrefs, useSetPushPref } from './alert-queries';
import {
  browserPushEnv,
  readDeviceState,
  turnPushOff,
  turnPushOn,
  type DeviceState,
  type PushEnv,
  type PushServer,
  type TurnOnResult,
} from './push';
import './alerts.css';

/** A row that is one big switch: the whole row is the control's label (44 px and more). */
export function SwitchRow({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
  testId,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
  testId: string;
}) {
  const hintId = useId();
  return (
    <label className={disabled ? 'switch-row disabled' : 'switch-row'}>
      <span className="switch-text">
        <span className="switch-label">{label}</span>
        {hint ? (
          <span id={hintId} className="caption">
            {hint}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch-input"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
    </label>
  );
}

/** What to say under the device switch. */
type Notice = DeviceState | TurnOnResult | 'turnedOff' | null;

const noticeKey: Partial<Record<NonNullable<Notice>, string>> = {
  unsupported: 'ui.notify.unsupported',
  'no-worker': 'ui.notify.noWorker',
  denied: 'ui.notify.denied',
  dismissed: 'ui.notify.dismissed',
  failed: 'ui.notify.failed',
  turnedOff: 'ui.notify.turnedOff',
};

export function DeviceSwitch({ env }: { env: PushEnv }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useSession((s) => s.language);
  const account = useSession((s) => s.account);
  const [state, setState] = useState<DeviceState | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // reads the permission and the subscription only; never asks for anything
    readDeviceState(env).then(
      (read) => {
        if (live) setState(read);
      },
      () => {
        if (live) setState('unsupported');
      },
    );
    return () => {
      live = false;
    };
  }, [env]);

  const server: PushServer = {
    vapidPublicKey: async () => (await fetchPushConfig(queryClient)).vapidPublicKey,
    subscribe: (body) => call('pushSubscribe', body),
    unsubscribe: (endpoint) => call('pushUnsubscribe', { endpoint }, { silent: true }),
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      if (on) {
        const result = await turnPushOn(env, server, language);
        setNotice(result === 'on' ? null : result);
        setState(
          result === 'on'
            ? 'on'
            : result === 'denied' || result === 'unsupported' || result === 'no-worker'
              ? result
              : 'off',
        );
      } else {
        await turnPushOff(env, server).catch(() => undefined);
        setState('off');
        setNotice('turnedOff');
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: alertKeys.pushPrefs(account) });
    }
  };

  const unavailable = state === 'unsupported' || state === 'no-worker';
  const shownNotice: Notice =
    notice ?? (state === 'unsupported' || state === 'no-worker' || state === 'denied' ? state : null);
  const key = shownNotice ? noticeKey[shownNotice] : undefined;
  return (
    <section className="card notify-card" aria-labelledby="notify-device-title">
      <h2 id="notify-device-title" className="sr-only">
        {t('ui.notify.device')}
      </h2>
      {state === null ? (
        <Loading rows={1} />
      ) : (
        <SwitchRow
          label={t('ui.notify.device')}
          hint={t('ui.notify.deviceHint')}
          checked={state === 'on'}
          disabled={busy || unavailable}
          onChange={(next) => void toggle(next)}
          testId="notify-device"
        />
      )}
      {key ? (
        <p
          className={shownNotice === 'turnedOff' ? 'caption notify-notice' : 'notify-notice warn'}
          role={shownNotice === 'turnedOff' ? 'status' : 'alert'}
          data-testid={`notify-notice-${shownNotice}`}
        >
          {t(key)}
        </p>
      ) : null}
    </section>
  );
}

function KindSwitches() {
  const { t } = useTranslation();
  const prefs = usePushPrefs();
  const setPref = useSetPushPref();
  if (prefs.isPending)
    return (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  if (prefs.isError)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void prefs.refetch()} />
      </section>
    );
  const pending = setPref.isPending ? setPref.variables : undefined;
  const valueOf = (kind: PushPrefKind) => pending?.[kind] ?? prefs.data[kind];
  return (
    <section className="card notify-card" aria-labelledby="notify-kinds-title">
      <h2 id="notify-kinds-title">{t('ui.notify.kinds')}</h2>
      <p className="caption">{t('ui.notify.kindsHint')}</p>
      {pushPrefKinds.map((kind) => (
        <SwitchRow
          key={kind}
          label={t(`ui.notify.kind.${kind}`)}
          hint={t(`ui.notify.kindHint.${kind}`)}
          checked={valueOf(kind)}
          disabled={setPref.isPending}
          onChange={(next) => setPref.mutate({ [kind]: next })}
          testId={`notify-kind-${kind}`}
        />
      ))}
      <p className="caption" data-testid="notify-security">
        {t('ui.notify.security')}
      </p>
      <p className="caption num" data-testid="notify-devices">
        {t('ui.notify.devices', { n: String(prefs.data.devices) })}
      </p>
    </section>
  );
}

export default function NotificationSettingsPage({ env }: { env?: PushEnv }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [pushEnv] = useState(() => env ?? browserPushEnv());
  return (
    <SubPage title={t('ui.notify.title')}>
      {loggedIn ? (
        <div className="notify-page" data-testid="notify-page">
          <DeviceSwitch env={pushEnv} />
          <KindSwitches />
        </div>
      ) : (
        <LoginPrompt />
      )}
    </SubPage>
  );
}
