/**
 * `/information/alerts` (docs/api.md §22.2): the user's price alerts in two tabs, active and
 * history. Each row says the alert in words with its repeat, expiry, note and the last price;
 * history adds when and at what price it fired. An active alert is cancelled by swiping it left or
 * with its own button, after a confirmation. The lists re-read themselves when an alert fires,
 * expires or is cancelled elsewhere (the account events of `api/account-events.ts`).
 */
import { Button, SwipeAction } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useConfig, useIsLoggedIn } from '../../api/queries';
import { flattenById } from '../../api/pages';
import { SettingIcon } from '../../components/Icons';
import { NextPages, PullRefresh } from '../../components/Lists';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { alertTabs, useAlertTab, type AlertData, type AlertTab } from './alert-queries';
import { maxActiveOf } from './alert-rules';
import { AlertFigures, AlertStateTag, alertWhat, stockPath, useConfirmCancel } from './AlertParts';
import './alerts.css';

function AlertItem({
  alert,
  onCancel,
  busy,
}: {
  alert: AlertData;
  onCancel: (alert: AlertData) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const what = alertWhat(t, alert);
  const active = alert.state === 'active';
  const body = (
    <div className="alert-item" data-testid={`alert-${alert.id}`}>
      <div className="alert-item-head">
        <Link to={stockPath(alert.instrumentId)} className="record-title alert-name" title={alert.name}>
          {alert.name}
        </Link>
        <span className="row-code num">{alert.code}</span>
        <AlertStateTag state={alert.state} testId={`alert-state-${alert.id}`} />
      </div>
      <p className="alert-what" data-testid={`alert-what-${alert.id}`}>
        {what}
      </p>
      <AlertFigures alert={alert} />
      {active ? (
        <Button
          className="alert-cancel"
          size="small"
          fill="outline"
          color="danger"
          disabled={busy}
          loading={busy}
          onClick={() => onCancel(alert)}
          aria-label={t('ui.alerts.cancelAria', { code: alert.code, what })}
          data-testid={`alert-cancel-${alert.id}`}
        >
          {t('ui.alerts.cancel')}
        </Button>
      ) : null}
    </div>
  );
  return (
    <li className="record-item alert-row">
      {active ? (
        <SwipeAction
          rightActions={[
            { key: 'cancel', text: t('ui.alerts.cancel'), color: 'danger', onClick: () => onCancel(alert) },
          ]}
          closeOnAction
        >
          {body}
        </SwipeAction>
      ) : (
        body
      )}
    </li>
  );
}

function AlertList({ tab }: { tab: AlertTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useAlertTab(tab);
  const config = useConfig();
  const { confirmCancel, busyId } = useConfirmCancel();
  const rows = flattenById(query.data?.pages);
  const total = query.data?.pages[0]?.total ?? 0;
  if (query.isPending)
    return (
      <section className="card">
        <Loading rows={6} />
      </section>
    );
  if (query.isError && rows.length === 0)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      {tab === 'active' && rows.length > 0 ? (
        <p className="caption alert-count" data-testid="alert-count">
          {t('ui.alerts.count', { n: String(total), max: String(maxActiveOf(config.data)) })} ·{' '}
          {t('ui.alerts.swipeHint')}
        </p>
      ) : null}
      <section className="card flush-card pull-area">
        {rows.length === 0 ? (
          tab === 'active' ? (
            <Empty
              text={t('ui.alerts.emptyActive')}
              action={
                <Button
                  color="primary"
                  fill="outline"
                  onClick={() => navigate('/market/index')}
                  data-testid="alerts-to-market"
                >
                  {t('ui.alerts.toMarket')}
                </Button>
              }
            />
          ) : (
            <Empty text={t('ui.alerts.emptyHistory')} />
          )
        ) : (
          <ul className="record-list" data-testid={`alerts-${tab}`}>
            {rows.map((row) => (
              <AlertItem key={row.id} alert={row} busy={busyId === row.id} onCancel={(a) => void confirmCancel(a)} />
            ))}
          </ul>
        )}
        <NextPages query={query} shown={rows.length} />
      </section>
    </PullRefresh>
  );
}

export default function AlertsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<AlertTab>(params.get('tab') === 'history' ? 'history' : 'active');
  const settings = (
    <Link
      to="/information/notifications"
      className="icon-button"
      aria-label={t('ui.alerts.notifications')}
      data-testid="alerts-notifications"
    >
      <SettingIcon />
    </Link>
  );
  if (!loggedIn)
    return (
      <SubPage title={t('ui.alerts.title')}>
        <LoginPrompt message={t('ui.alerts.loginText')} />
      </SubPage>
    );
  return (
    <SubPage title={t('ui.alerts.title')} right={settings}>
      <div className="alerts-page" data-testid="alerts-page">
        <TabStrip<AlertTab>
          tabs={alertTabs.map((key) => ({ key, label: t(`ui.alerts.tab.${key}`) }))}
          active={tab}
          onChange={(key) => {
            setTab(key);
            setParams(key === 'history' ? { tab: 'history' } : {}, { replace: true });
          }}
          label={t('ui.alerts.tabs')}
          testIdPrefix="alerts-tab-"
          fill
        />
        <div role="tabpanel" aria-label={t(`ui.alerts.tab.${tab}`)}>
          <AlertList key={tab} tab={tab} />
        </div>
      </div>
    </SubPage>
  );
}
