import type { ResponseOf } from '@brokerage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useSession } from '../../store/session';
import { DetailRow, KycGateCard, timeText } from '../../components/MoneyParts';
import { PullRefresh } from '../../components/Lists';

export type DayTradingStatusData = ResponseOf<'dayTradingStatus'>;
/** What the screen shows: not applied, under review, enabled, or rejected (docs/api.md §9.8, §3.3). */
export type DayTradingView = 'none' | 'pending' | 'enabled' | 'rejected';

/** `enabled` is the truth; the latest application says why it is not (yet) on. */
export function dayTradingView(status: DayTradingStatusData): DayTradingView {
  if (status.enabled) return 'enabled';
  const state = status.application?.state;
  if (state === 'pending') return 'pending';
  if (state === 'rejected') return 'rejected';
  return 'none';
}

const tones: Record<DayTradingView, string> = { none: 'none', pending: 'wait', enabled: 'ok', rejected: 'bad' };

function useDayTradingStatus() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['dayTradingStatus', account],
    queryFn: () => call('dayTradingStatus', {}, { silent: true }),
    enabled: loggedIn,
  });
}

function useDayTradingApply() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['dayTradingStatus'] }),
      queryClient.invalidateQueries({ queryKey: ['userInfo'] }),
    ]);
  return useMutation({
    mutationFn: () => call('dayTradingApply', {}),
    onSuccess: (application) => {
      // Show the new application at once, then read the status again.
      queryClient.setQueryData<DayTradingStatusData>(['dayTradingStatus', account], (previous) => ({
        enabled: previous?.enabled ?? false,
        application: { ...application, reviewedAt: null, reason: null },
      }));
      void refresh();
    },
    // `account.seat_already` or `review.pending_exists`: the client showed why; the status is stale.
    onError: () => void refresh(),
  });
}

function Explainer() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="dt-what" data-testid="day-trading-explainer">
      <h2 id="dt-what">{t('ui.dayTrading.what')}</h2>
      <ul
        className="muted"
        style={{ margin: 0, paddingLeft: '1.2em', display: 'flex', flexDirection: 'column', gap: 6 }}
      >
        <li>{t('ui.dayTrading.explainSameDay')}</li>
        <li>{t('ui.dayTrading.explainMinHold')}</li>
        <li>{t('ui.dayTrading.explainReview')}</li>
      </ul>
    </section>
  );
}

function StatusSection() {
  const { t } = useTranslation();
  const status = useDayTradingStatus();
  const user = useUserInfo();
  const apply = useDayTradingApply();
  if (status.isPending)
    return (
      <section className="card">
        <Loading rows={3} />
      </section>
    );
  if (status.isError)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void status.refetch()} />
      </section>
    );
  const view = dayTradingView(status.data);
  const application = status.data.application;
  const canApply = view === 'none' || view === 'rejected';

  const start = async () => {
    const ok = await Dialog.confirm({
      title: t('ui.dayTrading.confirmTitle'),
      content: t('ui.dayTrading.confirmText'),
      confirmText: t('ui.dayTrading.confirm'),
      cancelText: t('ui.common.cancel'),
    });
    if (!ok || apply.isPending) return;
    apply.mutate();
  };

  let action = null;
  if (canApply) {
    if (user.isPending) action = <Loading rows={1} />;
    else if (user.isError) action = <ErrorRetry onRetry={() => void user.refetch()} />;
    else if (user.data.kycStatus !== 'verified') action = <KycGateCard status={user.data.kycStatus} />;
    else
      action = (
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            loading={apply.isPending}
            disabled={apply.isPending}
            onClick={() => void start()}
            data-testid="day-trading-apply"
          >
            {view === 'rejected' ? t('ui.dayTrading.applyAgain') : t('ui.dayTrading.apply')}
          </Button>
        </div>
      );
  }

  return (
    <>
      <section
        className={`card status-card tone-${tones[view]}`}
        aria-labelledby="dt-status"
        data-testid="day-trading-status"
        data-status={view}
      >
        <span className="caption">{t('ui.dayTrading.statusTitle')}</span>
        <h2 id="dt-status">{t(`ui.dayTrading.status.${view}`)}</h2>
        <p className="muted">{t(`ui.dayTrading.statusText.${view}`)}</p>
        {application && view !== 'none' ? (
          <dl className="detail-list">
            <DetailRow label={t('ui.dayTrading.submittedAt')}>
              <span className="num">{timeText(application.submittedAt)}</span>
            </DetailRow>
            {application.reviewedAt ? (
              <DetailRow label={t('ui.dayTrading.reviewedAt')}>
                <span className="num">{timeText(application.reviewedAt)}</span>
              </DetailRow>
            ) : null}
            {view === 'rejected' && application.reason ? (
              <DetailRow label={t('ui.dayTrading.reason')}>
                <span data-testid="day-trading-reason">{application.reason}</span>
              </DetailRow>
            ) : null}
          </dl>
        ) : null}
      </section>
      {action}
    </>
  );
}

/**
 * `/home/dayTrading` (spec §2, docs/api.md §9.8): what day trading is (closing on the same day: T+N
 * no longer applies, the minimum hold still does), the status of `/trade/dayTradingStatus`,
 * and the application with a confirmation; the real-name gate until the name is verified.
 */
export default function DayTradingPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: ['dayTradingStatus'] }),
      queryClient.refetchQueries({ queryKey: ['userInfo'] }),
    ]);
  return (
    <SubPage title={t('ui.page.dayTrading')}>
      <PullRefresh onRefresh={refresh}>
        <div className="stack pull-area" data-testid="day-trading-page">
          <Explainer />
          {loggedIn ? <StatusSection /> : <LoginPrompt message={t('ui.dayTrading.loginText')} />}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
