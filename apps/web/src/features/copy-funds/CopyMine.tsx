/**
 * The caller's copy subscriptions (docs/api.md §14 `/copy/mine`, spec §4 "in progress, ended"): state
 * chips, and per subscription its state, amount, value, profit in the up/down colour, days
 * counted and lock-up end; once ended the payout, the fees and why it ended. Redeeming asks for
 * confirmation; while the lock-up runs the button is disabled and says from when it is possible.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SegmentedSwitch } from '../../components/TabStrip';
import { direction, formatAmount, formatSignedAmount } from '../../lib/format';
import { DetailRow, timeText, useMoneySubmit } from '../../components/MoneyParts';
import { flattenById } from '../../api/pages';
import { NextPages, PullRefresh } from '../../components/Lists';
import {
  copyStateFilters,
  refreshAfterCopy,
  useCopyMine,
  type CopyStateFilter,
  type CopySubscriptionData,
} from './copy-queries';
import { isLocked } from './copy-rules';
import { copyFundPath } from './CopyParts';
import './copy.css';
import { useProductName } from '../../lib/product-name';

export function CopyStateTag({ state, testId }: { state: CopySubscriptionData['state']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${state === 'active' ? 'order-state-holding' : 'state-closed'}`} data-testid={testId}>
      {t(`ui.copy.state.${state}`)}
    </span>
  );
}

function RedeemButton({ subscription }: { subscription: CopySubscriptionData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useCallback(
    (body: { subscriptionId: string }, requestId: string) => call('copyRedeem', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const locked = isLocked(subscription, Date.now());
  const nameOf = useProductName();
  const c = subscription.currency;
  const redeem = async () => {
    const ok = await Dialog.confirm({
      title: t('ui.copy.redeemTitle', { name: nameOf(subscription) }),
      content: (
        <div data-testid="cf-redeem-dialog">
          <p>{t('ui.copy.redeemText', { value: formatAmount(subscription.value, c) })}</p>
          <p className="caption">{t('ui.copy.redeemFees')}</p>
        </div>
      ),
      confirmText: t('ui.copy.redeemConfirm'),
      cancelText: t('ui.common.cancel'),
    });
    if (!ok) return;
    try {
      await submit({ subscriptionId: subscription.id });
    } catch {
      // the client showed the reason (copy.locked, copy.liquidity, copy.not_active)
    } finally {
      void refreshAfterCopy(queryClient);
    }
  };
  return (
    <>
      <Button
        block
        color="primary"
        fill="outline"
        disabled={locked || busy}
        loading={busy}
        onClick={() => void redeem()}
        data-testid={`cf-redeem-${subscription.id}`}
      >
        {locked ? t('ui.copy.redeemableFrom', { date: timeText(subscription.lockUntil) }) : t('ui.copy.redeem')}
      </Button>
      {loader}
    </>
  );
}

function SubscriptionItem({ subscription }: { subscription: CopySubscriptionData }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const c = subscription.currency;
  const id = subscription.id;
  const ended = subscription.state === 'ended';
  return (
    <li className="record-item" data-testid={`cf-sub-${id}`}>
      <div className="cf-record">
        <div className="cf-record-head">
          <Link to={copyFundPath(subscription.fundId)} className="record-title">
            {nameOf(subscription)}
          </Link>
          <CopyStateTag state={subscription.state} testId={`cf-sub-state-${id}`} />
        </div>
        <dl className="detail-list">
          <DetailRow label={t('ui.copy.amount')}>
            <span className="num" data-testid={`cf-sub-amount-${id}`}>
              {formatAmount(subscription.amount, c)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.copy.value')}>
            <span className="num strong" data-testid={`cf-sub-value-${id}`}>
              {formatAmount(subscription.value, c)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.copy.profit')}>
            <span className={`num ${direction(subscription.profit)}`} data-testid={`cf-sub-profit-${id}`}>
              {formatSignedAmount(subscription.profit, c)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.copy.daysCounted')}>
            <span className="num" data-testid={`cf-sub-days-${id}`}>
              {t('ui.copy.daysCount', { count: subscription.daysCounted })}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.copy.startedAt')}>
            <span className="num">{timeText(subscription.startedAt)}</span>
          </DetailRow>
          <DetailRow label={t('ui.copy.lockUntil')}>
            <span className="num" data-testid={`cf-sub-lock-${id}`}>
              {timeText(subscription.lockUntil)}
            </span>
          </DetailRow>
          {ended ? (
            <>
              <DetailRow label={t('ui.copy.endedAt')}>
                <span className="num">{timeText(subscription.endedAt)}</span>
              </DetailRow>
              {subscription.endReason ? (
                <DetailRow label={t('ui.copy.endReasonLabel')}>
                  <span data-testid={`cf-sub-reason-${id}`}>{t(`ui.copy.endReason.${subscription.endReason}`)}</span>
                </DetailRow>
              ) : null}
              <DetailRow label={t('ui.copy.performanceFee')}>
                <span className="num" data-testid={`cf-sub-performance-fee-${id}`}>
                  {formatAmount(subscription.performanceFee, c)}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.copy.serviceFee')}>
                <span className="num" data-testid={`cf-sub-service-fee-${id}`}>
                  {formatAmount(subscription.serviceFee, c)}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.copy.payout')}>
                <span className="num strong" data-testid={`cf-sub-payout-${id}`}>
                  {formatAmount(subscription.payout, c)}
                </span>
              </DetailRow>
            </>
          ) : null}
        </dl>
        {ended ? null : <RedeemButton subscription={subscription} />}
      </div>
    </li>
  );
}

function SubscriptionList({ state, onBrowse }: { state: CopyStateFilter; onBrowse: () => void }) {
  const { t } = useTranslation();
  const query = useCopyMine(state);
  const rows = flattenById(query.data?.pages);
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
      <section className="card flush-card pull-area">
        {rows.length === 0 ? (
          state === 'all' ? (
            <Empty
              text={t('ui.copy.mineEmpty')}
              action={
                <Button color="primary" fill="outline" onClick={onBrowse} data-testid="cf-browse">
                  {t('ui.copy.browse')}
                </Button>
              }
            />
          ) : (
            <Empty text={t('ui.copy.mineEmptyState')} />
          )
        ) : (
          <ul className="record-list" data-testid="cf-mine">
            {rows.map((row) => (
              <SubscriptionItem key={row.id} subscription={row} />
            ))}
          </ul>
        )}
        <NextPages query={query} shown={rows.length} />
      </section>
    </PullRefresh>
  );
}

/** The "my subscriptions" tab: state chips over the list. */
export function CopyMine({ onBrowse }: { onBrowse: () => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<CopyStateFilter>('all');
  if (!loggedIn) return <LoginPrompt message={t('ui.copy.loginText')} />;
  return (
    <>
      <div className="cf-toolbar">
        <SegmentedSwitch<CopyStateFilter>
          label={t('ui.copy.stateFilter')}
          value={state}
          testIdPrefix="cf-state-"
          options={copyStateFilters.map((key) => ({
            key,
            label: key === 'all' ? t('ui.copy.state.all') : t(`ui.copy.state.${key}`),
          }))}
          onChange={setState}
        />
      </div>
      <SubscriptionList key={state} state={state} onBrowse={onBrowse} />
    </>
  );
}
