import type { SessionItem } from '@brokerage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useSession } from '../../store/session';
import { timeText } from '../../components/MoneyParts';
import { ErrorRetry, Loading } from '../../components/States';

const sessionsKey = (account: string | null) => ['sessions', account] as const;

/** The device's name, or the translated "unknown device" when the server could name nothing. */
function deviceText(session: SessionItem, unknown: string): string {
  return session.device || unknown;
}

/**
 * `/information/security`'s signed-in devices (docs/api.md §23.8): every live session with the
 * device, the masked address and when it was last active, this device marked. Ending a session
 * or all the others asks first; this device is signed out from the Mine page, not here.
 */
export function DevicesSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  const sessions = useQuery({
    queryKey: sessionsKey(account),
    queryFn: () => call('sessions', {}, { silent: true }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sessions'] });
  const endOne = useMutation({
    mutationFn: (sessionId: string) => call('sessionRevoke', { sessionId }),
    onSuccess: () => Toast.show({ content: t('ui.security.devices.ended') }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => call('sessionRevokeOthers', {}),
    onSuccess: () => Toast.show({ content: t('ui.security.devices.ended') }),
    onSettled: refresh,
  });
  const unknown = t('ui.security.devices.unknown');

  const confirmEnd = async (session: SessionItem) => {
    const ok = await Dialog.confirm({
      content: t('ui.security.devices.endConfirm', {
        device: deviceText(session, unknown),
        ip: session.ip || t('ui.security.devices.noIp'),
      }),
      confirmText: t('ui.security.devices.end'),
      cancelText: t('ui.common.cancel'),
    });
    if (ok) endOne.mutate(session.id);
  };
  const confirmEndOthers = async () => {
    const ok = await Dialog.confirm({
      content: t('ui.security.devices.endOthersConfirm'),
      confirmText: t('ui.security.devices.endOthers'),
      cancelText: t('ui.common.cancel'),
    });
    if (ok) endOthers.mutate();
  };

  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <section className="card security-card" aria-labelledby="security-devices-title" data-testid="security-devices">
      <h2 id="security-devices-title" className="security-title">
        {t('ui.security.devices.title')}
      </h2>
      <p className="caption">{t('ui.security.devices.intro')}</p>
      {sessions.isPending ? (
        <Loading rows={2} />
      ) : sessions.isError ? (
        <ErrorRetry onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="device-list" data-testid="security-devices-list">
            {list.map((session) => {
              const name = deviceText(session, unknown);
              return (
                <li key={session.id} className="device-row" data-testid={`security-device-${session.id}`}>
                  <div className="device-text">
                    <span className="device-name">
                      {name}
                      {session.current ? (
                        <span className="tag" data-testid="security-device-current">
                          {t('ui.security.devices.this')}
                        </span>
                      ) : null}
                    </span>
                    <span className="caption num">{session.ip || t('ui.security.devices.noIp')}</span>
                    <span className="caption">
                      {t('ui.security.devices.lastSeen', { time: timeText(session.lastSeenAt) })}
                    </span>
                    <span className="caption">
                      {t('ui.security.devices.signedIn', { time: timeText(session.createdAt) })}
                    </span>
                  </div>
                  {session.current ? null : (
                    <Button
                      size="small"
                      className="device-end"
                      aria-label={t('ui.security.devices.endLabel', { device: name })}
                      loading={endOne.isPending && endOne.variables === session.id}
                      onClick={() => void confirmEnd(session)}
                      data-testid={`security-device-end-${session.id}`}
                    >
                      {t('ui.security.devices.end')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length === 0 ? (
            <p className="caption" data-testid="security-devices-only">
              {t('ui.security.devices.onlyThis')}
            </p>
          ) : (
            <Button
              block
              color="danger"
              fill="outline"
              loading={endOthers.isPending}
              onClick={() => void confirmEndOthers()}
              data-testid="security-devices-end-others"
            >
              {t('ui.security.devices.endOthers')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
