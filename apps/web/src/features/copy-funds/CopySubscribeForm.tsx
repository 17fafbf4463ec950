/**
 * The subscribe form of one fund (docs/api.md §14 `/copy/subscribe`). Before the button it shows, as
 * the user types, every rule the server would apply: the deadline passed or the fund closed, the
 * minimum, the capacity left in the fund and the available balance of the fund's currency (the
 * real-name gate replaces the form until the name is verified). A confirmation sheet repeats the
 * amount, the lock-up end date and the fees, and sends the subscription with a `requestId` kept
 * until a final answer.
 */
import { Money, isCurrency } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { CloseIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { formatAmount, formatPercent } from '../../lib/format';
import { AmountField, DetailRow, KycGateCard, RuleList, timeText, useMoneySubmit } from '../../components/MoneyParts';
import { refreshAfterCopy, type CopyFundDetailData, type CopySubscriptionData } from './copy-queries';
import { amountOf, lockEndFor, sanitiseWholeInput, subscribeRules } from './copy-rules';
import { LockupText } from './CopyParts';
import { useProductName } from '../../lib/product-name';
import { ConfirmFooter } from '../../components/ConfirmFooter';

interface SubscribeBody {
  fundId: string;
  amount: string;
}

/** The service fee an amount would pay: amount × serviceFeeRate rounded up (the contract's rounding). */
function serviceFeeOf(fund: CopyFundDetailData, amount: string): string | null {
  if (!isCurrency(fund.currency)) return null;
  return Money.of(amount, fund.currency).times(fund.serviceFeeRate).rounded('up').toString();
}

function ConfirmSheet({
  fund,
  amount,
  busy,
  onBack,
  onConfirm,
}: {
  fund: CopyFundDetailData;
  amount: string | null;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const lockEnd = lockEndFor(fund, Date.now());
  const serviceFee = amount === null ? null : serviceFeeOf(fund, amount);
  return (
    <Popup
      visible={amount !== null}
      onMaskClick={busy ? undefined : onBack}
      onClose={onBack}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      {amount === null ? null : (
        <div
          className="sheet"
          role="dialog"
          aria-modal="true"
          aria-labelledby="cf-confirm-title"
          data-testid="cf-confirm-step"
        >
          <header className="sheet-head">
            <h2 id="cf-confirm-title">{t('ui.copy.confirmTitle')}</h2>
            <button
              type="button"
              className="icon-button"
              onClick={onBack}
              disabled={busy}
              aria-label={t('ui.common.close')}
            >
              <CloseIcon />
            </button>
          </header>
          <div className="sheet-body">
            <dl className="detail-list">
              <DetailRow label={t('ui.copy.fund')}>{`${nameOf(fund)} (${fund.strategyNo})`}</DetailRow>
              <DetailRow label={t('ui.copy.amount')}>
                <span className="num strong" data-testid="cf-confirm-amount">
                  {formatAmount(amount, fund.currency)}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.copy.lockup')}>
                <LockupText days={fund.lockupDays} />
              </DetailRow>
              <DetailRow label={t('ui.copy.redeemableFromLabel')}>
                <span className="num" data-testid="cf-confirm-lock-end">
                  {fund.lockupDays > 0 ? timeText(lockEnd) : t('ui.copy.anyTime')}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.copy.endTime')}>
                <span className="num">{timeText(fund.endTime)}</span>
              </DetailRow>
              <DetailRow label={t('ui.copy.performanceFee')}>
                <span className="num" data-testid="cf-confirm-performance-fee">
                  {t('ui.copy.performanceFeeWords', { rate: formatPercent(fund.performanceFeeRate) })}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.copy.serviceFee')}>
                <span className="num" data-testid="cf-confirm-service-fee">
                  {t('ui.copy.serviceFeeAmount', {
                    rate: formatPercent(fund.serviceFeeRate),
                    amount: serviceFee === null ? '--' : formatAmount(serviceFee, fund.currency),
                  })}
                </span>
              </DetailRow>
            </dl>
            <p className="caption cf-note">{t('ui.copy.confirmNote')}</p>
            <ConfirmFooter label={t('ui.copy.confirm')} busy={busy} onConfirm={onConfirm} onBack={onBack} testId="cf" />
          </div>
        </div>
      )}
    </Popup>
  );
}

export function CopySubscribeForm({
  fund,
  available,
  onDone,
}: {
  fund: CopyFundDetailData;
  available: string | undefined;
  onDone: (subscription: CopySubscriptionData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const send = useCallback(
    (body: SubscribeBody, requestId: string) => call('copySubscribe', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const now = Date.now();
  const amount = amountOf(input);
  const rules = subscribeRules(fund, { amount, available, now });
  const closed = rules.some((rule) => rule.key === 'closed');

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null) {
      setError(t('ui.funds.amountRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setConfirming(amount);
  };

  const confirm = async () => {
    if (confirming === null) return;
    try {
      const subscription = await submit({ fundId: fund.id, amount: confirming });
      if (!subscription) return;
      setConfirming(null);
      void refreshAfterCopy(queryClient);
      onDone(subscription);
    } catch (failure) {
      // The client showed the translated reason. After a final refusal the form comes back with
      // fresh terms; otherwise the sheet stays so pressing again resends the same requestId.
      if (isFinalAnswer(failure)) {
        setConfirming(null);
        void queryClient.invalidateQueries({ queryKey: ['copyDetail'] });
      }
    }
  };

  return (
    <>
      <form className="form" onSubmit={review} noValidate aria-label={t('ui.copy.formTitle')} data-testid="cf-form">
        <AmountField
          label={t('ui.copy.amount')}
          value={input}
          onChange={(value) => setInput(sanitiseWholeInput(value))}
          currency={fund.currency}
          testId="cf-amount"
          error={error}
          describedBy={rulesId}
        >
          <span className="caption">{t('ui.copy.wholeOnly')}</span>
          <span className="caption num" data-testid="cf-form-min">
            {t('ui.copy.minLine', { amount: formatAmount(fund.minAmount, fund.currency) })}
          </span>
          <span className="caption num" data-testid="cf-form-remaining">
            {t('ui.copy.remainingLine', { amount: formatAmount(fund.remaining, fund.currency) })}
          </span>
          <span className="caption num" data-testid="cf-form-available">
            {t('ui.copy.available', {
              amount: available === undefined ? '--' : formatAmount(available, fund.currency),
            })}
          </span>
        </AmountField>
        <div className="cf-notes" data-testid="cf-form-notes">
          <p className="caption cf-note" data-testid="cf-form-lockup">
            {fund.lockupDays > 0
              ? t('ui.copy.lockupNote', { count: fund.lockupDays, date: timeText(lockEndFor(fund, now)) })
              : t('ui.copy.noLockupNote')}
          </p>
          <p className="caption cf-note">{t('ui.copy.resultNote')}</p>
        </div>
        <RuleList rules={rules} id={rulesId} testIdPrefix="cf-rule-" />
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            disabled={closed || rules.length > 0}
            aria-describedby={rulesId}
            data-testid="cf-submit"
          >
            {t('ui.copy.continue')}
          </Button>
        </div>
      </form>
      <ConfirmSheet
        fund={fund}
        amount={confirming}
        busy={busy}
        onBack={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
      {loader}
    </>
  );
}

/** The form's frame: the login prompt, the real-name gate, or the form with the balance of the fund's currency. */
export function CopySubscribeSection({
  fund,
  onDone,
}: {
  fund: CopyFundDetailData;
  onDone: (subscription: CopySubscriptionData) => void;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const assets = useAllAssets();
  let body;
  if (!loggedIn) body = <LoginPrompt message={t('ui.copy.loginText')} />;
  else if (user.isPending || (user.data?.kycStatus === 'verified' && assets.isPending)) body = <Loading rows={4} />;
  else if (user.isError) body = <ErrorRetry onRetry={() => void user.refetch()} />;
  else if (user.data.kycStatus !== 'verified') body = <KycGateCard status={user.data.kycStatus} />;
  else if (assets.isError) body = <ErrorRetry onRetry={() => void assets.refetch()} />;
  else {
    const available = assets.data?.accounts.find((account) => account.currency === fund.currency)?.available ?? '0';
    body = <CopySubscribeForm fund={fund} available={available} onDone={onDone} />;
  }
  return (
    <section className="card" aria-labelledby="cf-form-title" data-testid="cf-subscribe">
      <h2 id="cf-form-title" className="cf-section-title">
        {t('ui.copy.formTitle')}
      </h2>
      {body}
    </section>
  );
}
