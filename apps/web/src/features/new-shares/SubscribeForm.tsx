/**
 * The subscribe form of one offering (docs/api.md §12.3). Before the button it shows, as the user
 * types, every rule the server would apply: the IPO minimum shares, the placement minimum of the
 * user's account type, the minimum investment, the amount `issuePrice × quantity` against the
 * available balance of the offering's currency, the applications left, the window, the channel
 * and its password; and it explains the payment mode. A confirmation step repeats the terms and
 * sends the application with a `requestId` kept until a final answer.
 */
import type { AccountType } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { TextField } from '../../components/TextField';
import { formatAmount, formatDate, formatPrice } from '../../lib/format';
import { DetailRow, KycGateCard, RuleList, useMoneySubmit } from '../../components/MoneyParts';
import { refreshAfterSubscription, type NewShareData, type SubscriptionRecordData } from './newshare-queries';
import {
  applicationsLeft,
  compareAmounts,
  formatShares,
  placementMinimum,
  quantityOf,
  sanitiseQuantityInput,
  subscribeRules,
  subscriptionAmount,
} from './newshare-rules';
import { ConfirmFooter } from '../../components/ConfirmFooter';

interface SubscribeBody {
  id: string;
  quantity: number;
  channelPassword?: string;
}

/** How the payment mode moves the user's money (spec §3 subscription states). */
export function PaymentModeNote({
  detail,
  testId,
}: {
  detail: Pick<NewShareData, 'paymentMode' | 'paymentDeadline'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className="caption ns-note" data-testid={testId}>
      {t(`ui.newShare.paymentNote.${detail.paymentMode}`, { deadline: formatDate(detail.paymentDeadline) })}
    </p>
  );
}

function WindowLine({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  let text: string;
  if (detail.phase === 'upcoming') text = t('ui.newShare.opensAt', { time: formatDate(detail.applyStart) });
  else if (detail.phase === 'open') text = t('ui.newShare.closesAt', { time: formatDate(detail.applyEnd) });
  else text = t('ui.newShare.closedNow');
  return (
    <span className="caption num" data-testid="ns-form-window">
      {text}
    </span>
  );
}

function ConfirmStep({
  detail,
  quantity,
  amount,
  available,
  busy,
  onBack,
  onConfirm,
}: {
  detail: NewShareData;
  quantity: number;
  amount: string;
  available: string | undefined;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ns-confirm" data-testid="ns-confirm-step" role="group" aria-label={t('ui.newShare.confirmTitle')}>
      <h3>{t('ui.newShare.confirmTitle')}</h3>
      <dl className="detail-list">
        <DetailRow label={t('ui.newShare.offering')}>{`${detail.name} (${detail.code})`}</DetailRow>
        <DetailRow label={t('ui.newShare.quantity')}>
          <span className="num strong" data-testid="ns-confirm-quantity">
            {formatShares(quantity)}
          </span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.issuePrice')}>
          <span className="num">{formatPrice(detail.issuePrice)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.amount')}>
          <span className="num strong" data-testid="ns-confirm-amount">
            {formatAmount(amount, detail.currency)}
          </span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.availableLabel')}>
          <span className="num">{available === undefined ? '--' : formatAmount(available, detail.currency)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.paymentMode')}>{t(`ui.newShare.payment.${detail.paymentMode}`)}</DetailRow>
      </dl>
      <PaymentModeNote detail={detail} />
      <ConfirmFooter label={t('ui.newShare.confirm')} busy={busy} onConfirm={onConfirm} onBack={onBack} testId="ns" />
    </div>
  );
}

export function SubscribeForm({
  detail,
  available,
  accountType,
  onDone,
}: {
  detail: NewShareData;
  available: string | undefined;
  accountType: AccountType | undefined;
  onDone: (record: SubscriptionRecordData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const quantityId = useId();
  const notesId = `${quantityId}-notes`;
  const rulesId = `${quantityId}-rules`;
  const [quantityInput, setQuantityInput] = useState('');
  const [channelPassword, setChannelPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const send = useCallback(
    (body: SubscribeBody, requestId: string) => call('newShareSubscribe', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);

  const quantity = quantityOf(quantityInput);
  const amount = subscriptionAmount(detail.issuePrice, quantity);
  const rules = subscribeRules(detail, { quantity, channelPassword, available, accountType });
  const left = applicationsLeft(detail);
  const placementMin = placementMinimum(detail, accountType);
  const isOpen = detail.phase === 'open' && detail.channelOpen && (left === null || left > 0);
  const isShort = amount !== null && available !== undefined && compareAmounts(amount, available) > 0;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (quantity === null) {
      setError(t('ui.newShare.quantityRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setStep('confirm');
  };

  const confirm = async () => {
    if (quantity === null) return;
    try {
      const body: SubscribeBody = { id: detail.id, quantity };
      if (detail.channelPasswordRequired) body.channelPassword = channelPassword;
      const record = await submit(body);
      if (!record) return;
      void refreshAfterSubscription(queryClient);
      onDone(record);
    } catch (failure) {
      // The client showed the translated reason. After a final refusal the form comes back to
      // change the quantity; otherwise the confirmation stays so the same requestId is sent again.
      if (isFinalAnswer(failure)) {
        setStep('form');
        void queryClient.invalidateQueries({ queryKey: ['newShareDetail'] });
      }
    }
  };

  if (step === 'confirm' && quantity !== null && amount !== null) {
    return (
      <>
        <ConfirmStep
          detail={detail}
          quantity={quantity}
          amount={amount}
          available={available}
          busy={busy}
          onBack={() => setStep('form')}
          onConfirm={() => void confirm()}
        />
        {loader}
      </>
    );
  }

  return (
    <form className="form" onSubmit={review} noValidate aria-label={t('ui.newShare.formTitle')} data-testid="ns-form">
      <div className="amount-field">
        <label htmlFor={quantityId}>{t('ui.newShare.quantity')}</label>
        <div className={error ? 'amount-control invalid' : 'amount-control'}>
          <input
            id={quantityId}
            className="amount-input num"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={quantityInput}
            disabled={!isOpen}
            onChange={(event) => setQuantityInput(sanitiseQuantityInput(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${notesId} ${rulesId}`}
            data-testid="ns-quantity"
          />
          <span className="amount-currency">{t('ui.newShare.sharesUnit')}</span>
        </div>
        <div id={notesId} className="amount-notes">
          <WindowLine detail={detail} />
          {detail.kind === 'ipo' ? (
            <span className="caption num" data-testid="ns-form-min-shares">
              {t('ui.newShare.minSharesLine', { count: detail.minShares, shares: formatShares(detail.minShares) })}
            </span>
          ) : null}
          {detail.kind === 'placement' && placementMin !== null && accountType ? (
            <span className="caption num" data-testid="ns-form-placement-min">
              {t('ui.newShare.placementLine', {
                type: t(`ui.newShare.accountType.${accountType}`),
                amount: formatAmount(placementMin, detail.currency),
              })}
            </span>
          ) : null}
          {compareAmounts(detail.minInvestment, '0') > 0 ? (
            <span className="caption num" data-testid="ns-form-min-investment">
              {t('ui.newShare.minInvestmentLine', { amount: formatAmount(detail.minInvestment, detail.currency) })}
            </span>
          ) : null}
          {left !== null ? (
            <span className="caption num" data-testid="ns-form-left">
              {t('ui.newShare.applicationsLeft', { count: left })}
            </span>
          ) : null}
          <span className="caption">{t('ui.newShare.wholeShares')}</span>
        </div>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="ns-amount">
        <div className="ns-amount-line">
          <span>{t('ui.newShare.amount')}</span>
          <strong className="num" data-testid="ns-amount">
            {amount === null ? '--' : formatAmount(amount, detail.currency)}
          </strong>
        </div>
        <span className="caption num">
          {t('ui.newShare.amountFormula', {
            price: formatPrice(detail.issuePrice),
            shares: quantity === null ? '0' : formatShares(quantity),
          })}
        </span>
        <span className={`caption num${isShort ? ' ns-short' : ''}`} data-testid="ns-available">
          {t('ui.newShare.available', {
            amount: available === undefined ? '--' : formatAmount(available, detail.currency),
          })}
        </span>
      </div>
      {detail.channelPasswordRequired ? (
        <TextField
          label={t('ui.newShare.channelPassword')}
          type="password"
          autoComplete="off"
          maxLength={64}
          value={channelPassword}
          disabled={!isOpen}
          onChange={setChannelPassword}
          hint={t('ui.newShare.passwordHint')}
          testId="ns-password"
        />
      ) : null}
      <PaymentModeNote detail={detail} testId="ns-payment-note" />
      <RuleList rules={rules} id={rulesId} testIdPrefix="ns-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={!isOpen || rules.length > 0}
          aria-describedby={rulesId}
          data-testid="ns-submit"
        >
          {t('ui.newShare.continue')}
        </Button>
      </div>
    </form>
  );
}

/** The form's frame: a login prompt, the real-name gate, or the form with the balance of the offering's currency. */
export function SubscribeSection({
  detail,
  onDone,
}: {
  detail: NewShareData;
  onDone: (record: SubscriptionRecordData) => void;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const assets = useAllAssets();
  let body;
  if (!loggedIn) body = <LoginPrompt message={t('ui.newShare.loginText')} />;
  else if (user.isPending || (user.data?.kycStatus === 'verified' && assets.isPending)) body = <Loading rows={4} />;
  else if (user.isError) body = <ErrorRetry onRetry={() => void user.refetch()} />;
  else if (user.data.kycStatus !== 'verified') body = <KycGateCard status={user.data.kycStatus} />;
  else if (assets.isError) body = <ErrorRetry onRetry={() => void assets.refetch()} />;
  else {
    const available = assets.data?.accounts.find((account) => account.currency === detail.currency)?.available ?? '0';
    body = <SubscribeForm detail={detail} available={available} accountType={user.data.accountType} onDone={onDone} />;
  }
  return (
    <section className="card" aria-labelledby="ns-form-title" data-testid="ns-subscribe">
      <h2 id="ns-form-title" className="ns-section-title">
        {t('ui.newShare.formTitle')}
      </h2>
      {body}
    </section>
  );
}
