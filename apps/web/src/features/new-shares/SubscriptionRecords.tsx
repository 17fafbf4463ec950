/**
 * The caller's subscriptions (docs/api.md §12.4 `/newShare/records`): each with its state, amounts,
 * allotment, deadline and history timeline, and for an allotment awaiting payment the Pay action
 * (a confirmation sheet with the amount and the available balance, disabled with the reason when
 * the balance is short) and the Waive action (confirmed, irreversible).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Popup } from 'antd-mobile';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { CloseIcon } from '../../components/Icons';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { formatAmount } from '../../lib/format';
import { DetailRow, Timeline, timeText, useMoneySubmit } from '../../components/MoneyParts';
import { flattenById } from '../../api/pages';
import { NextPages, PullRefresh } from '../../components/Lists';
import { refreshAfterSubscription, useSubscriptionRecords, type SubscriptionRecordData } from './newshare-queries';
import { canPay, compareAmounts, formatShares } from './newshare-rules';
import { SubscriptionStateTag } from './NewShareParts';
import './newshare.css';

/** The available balance of each currency, or undefined while unknown. */
function useAvailable(): (currency: string) => string | undefined {
  const assets = useAllAssets();
  return (currency) =>
    assets.data ? (assets.data.accounts.find((account) => account.currency === currency)?.available ?? '0') : undefined;
}

function ShortText({ record, available }: { record: SubscriptionRecordData; available: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="caption ns-short" data-testid={`ns-pay-short-${record.id}`}>
      {t('ui.newShare.payShort', {
        available: formatAmount(available ?? '0', record.currency),
        amount: formatAmount(record.amountPayable, record.currency),
      })}
    </p>
  );
}

function PaySheet({
  record,
  available,
  onClose,
}: {
  record: SubscriptionRecordData | null;
  available: (currency: string) => string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useCallback(
    (body: { subscriptionId: string }, requestId: string) => call('newSharePay', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  let body: ReactNode = null;
  if (record) {
    const balance = available(record.currency);
    const isPayable = canPay(record, balance);
    const pay = async () => {
      try {
        const paid = await submit({ subscriptionId: record.id });
        if (!paid) return;
        void refreshAfterSubscription(queryClient);
        onClose();
      } catch (failure) {
        // A final refusal (state changed, funds short) closes the sheet on fresh data; otherwise
        // the sheet stays and pressing again resends the same requestId.
        if (isFinalAnswer(failure)) {
          void refreshAfterSubscription(queryClient);
          onClose();
        }
      }
    };
    body = (
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="ns-pay-title" data-testid="ns-pay-sheet">
        <header className="sheet-head">
          <h2 id="ns-pay-title">{t('ui.newShare.payTitle', { name: record.name })}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
            <CloseIcon />
          </button>
        </header>
        <div className="sheet-body">
          <dl className="detail-list">
            <DetailRow label={t('ui.newShare.my.allottedQuantity')}>
              <span className="num">{formatShares(record.allottedQuantity)}</span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.my.amountPayable')}>
              <span className="num strong" data-testid="ns-pay-amount">
                {formatAmount(record.amountPayable, record.currency)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.availableLabel')}>
              <span className="num" data-testid="ns-pay-available">
                {balance === undefined ? '--' : formatAmount(balance, record.currency)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.deadline')}>
              <span className="num">{timeText(record.paymentDeadline)}</span>
            </DetailRow>
          </dl>
          {!isPayable ? (
            <ShortText record={record} available={balance} />
          ) : (
            <p className="caption">{t('ui.newShare.payNote')}</p>
          )}
          <div className="form-footer">
            <Button
              block
              color="primary"
              size="large"
              disabled={!isPayable || busy}
              loading={busy}
              onClick={() => void pay()}
              data-testid="ns-pay-confirm"
            >
              {t('ui.newShare.payConfirm')}
            </Button>
          </div>
        </div>
      </div>
    );
  }
  return (
    <>
      <Popup
        visible={record !== null}
        onMaskClick={onClose}
        onClose={onClose}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
      >
        {body}
      </Popup>
      {loader}
    </>
  );
}

function RecordItem({
  record,
  available,
  onPay,
}: {
  record: SubscriptionRecordData;
  available: string | undefined;
  onPay: (record: SubscriptionRecordData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [waiving, setWaiving] = useState(false);
  const isAwaiting = record.state === 'awaiting_payment';
  const isPayable = canPay(record, available);
  const waive = async () => {
    const ok = await Dialog.confirm({
      title: t('ui.newShare.waiveTitle', { name: record.name }),
      content: t('ui.newShare.waiveText', {
        count: record.allottedQuantity,
        shares: formatShares(record.allottedQuantity),
      }),
      confirmText: t('ui.newShare.waiveConfirm'),
      cancelText: t('ui.common.cancel'),
    });
    if (!ok) return;
    setWaiving(true);
    try {
      await call('newShareWaive', { subscriptionId: record.id });
    } catch {
      // the client showed the reason
    } finally {
      setWaiving(false);
      void refreshAfterSubscription(queryClient);
    }
  };
  return (
    <li className="record-item" data-testid={`ns-record-${record.id}`}>
      <div className="ns-record">
        <div className="ns-record-head">
          <span className="record-title">{`${record.name} (${record.code})`}</span>
          <SubscriptionStateTag state={record.state} testId={`ns-record-state-${record.id}`} />
        </div>
        <dl className="detail-list">
          <DetailRow label={t('ui.newShare.quantity')}>
            <span className="num">{formatShares(record.quantity)}</span>
          </DetailRow>
          <DetailRow label={t('ui.newShare.amount')}>
            <span className="num strong">{formatAmount(record.amount, record.currency)}</span>
          </DetailRow>
          {compareAmounts(record.frozenAmount, '0') > 0 ? (
            <DetailRow label={t('ui.newShare.frozen')}>
              <span className="num">{formatAmount(record.frozenAmount, record.currency)}</span>
            </DetailRow>
          ) : null}
          <DetailRow label={t('ui.newShare.my.allottedQuantity')}>
            <span className="num" data-testid={`ns-record-allotted-${record.id}`}>
              {formatShares(record.allottedQuantity)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.newShare.my.amountPayable')}>
            <span className="num" data-testid={`ns-record-payable-${record.id}`}>
              {formatAmount(record.amountPayable, record.currency)}
            </span>
          </DetailRow>
          {compareAmounts(record.amountPaid, '0') > 0 ? (
            <DetailRow label={t('ui.newShare.my.amountPaid')}>
              <span className="num">{formatAmount(record.amountPaid, record.currency)}</span>
            </DetailRow>
          ) : null}
          {isAwaiting ? (
            <DetailRow label={t('ui.newShare.deadline')}>
              <span className="num strong">{timeText(record.paymentDeadline)}</span>
            </DetailRow>
          ) : null}
          <DetailRow label={t('ui.newShare.appliedAt')}>
            <span className="num">{timeText(record.appliedAt)}</span>
          </DetailRow>
        </dl>
        <details className="ns-history">
          <summary>{t('ui.newShare.history')}</summary>
          <Timeline
            label={t('ui.newShare.history')}
            steps={record.history.map((item, index) => ({
              step: `${item.state}-${index}`,
              label: t(`ui.subscriptionState.${item.state}`),
              at: item.at,
              done: true,
              tone: item.state === 'payment_failed' || item.state === 'lost' ? 'bad' : 'ok',
            }))}
          />
        </details>
        {isAwaiting ? (
          <div className="ns-record-actions">
            {!isPayable ? <ShortText record={record} available={available} /> : null}
            <div className="ns-record-buttons">
              <Button
                color="primary"
                disabled={!isPayable}
                onClick={() => onPay(record)}
                data-testid={`ns-pay-${record.id}`}
              >
                {t('ui.newShare.pay')}
              </Button>
              <Button
                loading={waiving}
                disabled={waiving}
                onClick={() => void waive()}
                data-testid={`ns-waive-${record.id}`}
              >
                {t('ui.newShare.waive')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The list itself, for the trade page's subscription tab. */
export function SubscriptionRecords() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useSubscriptionRecords();
  const available = useAvailable();
  const [paying, setPaying] = useState<SubscriptionRecordData | null>(null);
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
    <>
      <PullRefresh onRefresh={() => query.refetch()}>
        <section className="card flush-card pull-area">
          {rows.length === 0 ? (
            <Empty
              text={t('ui.newShare.recordsEmpty')}
              action={
                <Button
                  color="primary"
                  fill="outline"
                  onClick={() => navigate('/home/newStock')}
                  data-testid="ns-browse"
                >
                  {t('ui.newShare.browse')}
                </Button>
              }
            />
          ) : (
            <ul className="record-list" data-testid="ns-records">
              {rows.map((row) => (
                <RecordItem key={row.id} record={row} available={available(row.currency)} onPay={setPaying} />
              ))}
            </ul>
          )}
          <NextPages query={query} shown={rows.length} />
        </section>
      </PullRefresh>
      <PaySheet record={paying} available={available} onClose={() => setPaying(null)} />
    </>
  );
}
