/**
 * The apply sheet of one lending product (docs/api.md §15 `/lending/apply`): a whole amount with
 * the minimum, the quota left and the available balance under it, the estimated interest
 * computed exactly, the rules that would stop the user before they press, then a confirmation
 * step that repeats the terms and sends the application with a `requestId` kept for retries.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { CloseIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { formatAmount, sanitiseAmountInput, toWireAmount } from '../../lib/format';
import {
  AmountField,
  codeText,
  DetailRow,
  KycGateCard,
  RuleList,
  useMoneySubmit,
  type Rule,
} from '../../components/MoneyParts';
import { compareAmounts, estimatedInterest, quotaLeft } from './lending-math';
import { refreshAfterLending, type LendingProductData, type LendingRecordData } from './lending-queries';
import { RateText } from './LendingParts';
import { useProductName } from '../../lib/product-name';
import { ConfirmFooter } from '../../components/ConfirmFooter';

/** What stops this application now, in the server's order after the gates (§15). */
export function lendingRules(product: LendingProductData, amount: string, available: string | undefined): Rule[] {
  const rules: Rule[] = [];
  const left = quotaLeft(product.quota, product.quotaUsed);
  if (!product.open || compareAmounts(left, '0') <= 0) {
    rules.push({ key: 'quota', text: codeText('lending.quota_full') });
    return rules;
  }
  if (amount === '') return rules;
  if (compareAmounts(amount, left) > 0) rules.push({ key: 'quota', text: codeText('lending.quota_full') });
  if (compareAmounts(amount, product.minAmount) < 0) {
    rules.push({
      key: 'min',
      text: codeText('lending.min_amount', { min: product.minAmount, currency: product.currency }),
    });
  }
  if (available !== undefined && compareAmounts(amount, available) > 0) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_available', { available, required: amount, currency: product.currency }),
    });
  }
  return rules;
}

interface ApplyBody {
  productId: string;
  amount: string;
}

function ConfirmStep({
  product,
  amount,
  interest,
  busy,
  onBack,
  onConfirm,
}: {
  product: LendingProductData;
  amount: string;
  interest: string | null;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  return (
    <div data-testid="lending-confirm-step">
      <dl className="detail-list">
        <DetailRow label={t('ui.lending.product')}>{nameOf(product)}</DetailRow>
        <DetailRow label={t('ui.lending.amount')}>
          <span className="num strong" data-testid="lending-confirm-amount">
            {formatAmount(amount, product.currency)}
          </span>
        </DetailRow>
        <DetailRow label={t('ui.lending.dailyRate')}>
          <RateText dailyRate={product.dailyRate} />
        </DetailRow>
        <DetailRow label={t('ui.lending.term')}>
          <span className="num">{t('ui.lending.termDays', { days: String(product.termDays) })}</span>
        </DetailRow>
        <DetailRow label={t('ui.lending.estimate')}>
          <span className="num strong" data-testid="lending-confirm-interest">
            {interest === null ? '--' : formatAmount(interest, product.currency)}
          </span>
        </DetailRow>
      </dl>
      <p className="caption">{t('ui.lending.confirmNote')}</p>
      <ConfirmFooter
        label={t('ui.lending.confirm')}
        busy={busy}
        onConfirm={onConfirm}
        onBack={onBack}
        testId="lending"
      />
    </div>
  );
}

function ApplyForm({
  product,
  available,
  onDone,
}: {
  product: LendingProductData;
  available: string | undefined;
  onDone: (record: LendingRecordData) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const [amountInput, setAmountInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const send = useCallback((body: ApplyBody, requestId: string) => call('lendingApply', { ...body, requestId }), []);
  const { submit, busy, loader } = useMoneySubmit(send);
  const currency = product.currency;
  const amount = toWireAmount(amountInput);
  const rules = lendingRules(product, amount, available);
  const interest = amount === '' ? null : estimatedInterest(amount, product.dailyRate, product.termDays, currency);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || compareAmounts(amount, '0') <= 0) {
      setError(t('ui.funds.amountRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setStep('confirm');
  };

  const confirm = async () => {
    try {
      const record = await submit({ productId: product.id, amount });
      if (!record) return;
      void refreshAfterLending(queryClient);
      onDone(record);
    } catch (failure) {
      // The client showed the translated reason. After a final refusal the form is shown again to
      // change the amount; otherwise the confirmation stays so the same requestId is sent again.
      if (isFinalAnswer(failure)) {
        setStep('form');
        void queryClient.invalidateQueries({ queryKey: ['lendingProducts'] });
      }
    }
  };

  if (step === 'confirm') {
    return (
      <>
        <ConfirmStep
          product={product}
          amount={amount}
          interest={interest}
          busy={busy}
          onBack={() => setStep('form')}
          onConfirm={() => void confirm()}
        />
        {loader}
      </>
    );
  }

  return (
    <form
      className="form"
      onSubmit={review}
      noValidate
      aria-label={t('ui.lending.applyTitle', { name: nameOf(product) })}
    >
      <AmountField
        label={t('ui.lending.amount')}
        value={amountInput}
        onChange={(value) => setAmountInput(sanitiseAmountInput(value, 0))}
        currency={product.currency}
        testId="lending-amount"
        error={error}
        describedBy={rulesId}
      >
        <span className="caption">{t('ui.lending.wholeOnly')}</span>
        <span className="caption num" data-testid="lending-min">
          {t('ui.lending.minLine', { amount: formatAmount(product.minAmount, product.currency) })}
        </span>
        <span className="caption num" data-testid="lending-left">
          {t('ui.lending.quotaLeft', {
            amount: formatAmount(quotaLeft(product.quota, product.quotaUsed), product.currency),
          })}
        </span>
        <span className="caption num" data-testid="lending-available">
          {t('ui.lending.available', {
            amount: available === undefined ? '--' : formatAmount(available, product.currency),
          })}
        </span>
      </AmountField>
      <div className="lending-estimate">
        <span>{t('ui.lending.estimate')}</span>
        <strong className="num" data-testid="lending-interest">
          {interest === null ? '--' : formatAmount(interest, product.currency)}
        </strong>
      </div>
      <p className="caption lending-note">{t('ui.lending.estimateNote', { days: String(product.termDays) })}</p>
      <RuleList rules={rules} id={rulesId} testIdPrefix="lending-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={rules.length > 0}
          aria-describedby={rulesId}
          data-testid="lending-submit"
        >
          {t('ui.lending.continue')}
        </Button>
      </div>
    </form>
  );
}

/** The sheet's body: a login prompt, the real-name gate, or the form with the balance of the product's currency. */
function SheetBody({ product, onDone }: { product: LendingProductData; onDone: (record: LendingRecordData) => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const assets = useAllAssets();
  if (!loggedIn) return <LoginPrompt message={t('ui.lending.loginText')} />;
  if (user.isPending || (user.data?.kycStatus === 'verified' && assets.isPending)) return <Loading rows={4} />;
  if (user.isError) return <ErrorRetry onRetry={() => void user.refetch()} />;
  if (user.data.kycStatus !== 'verified') return <KycGateCard status={user.data.kycStatus} />;
  if (assets.isError) return <ErrorRetry onRetry={() => void assets.refetch()} />;
  const available = assets.data?.accounts.find((account) => account.currency === product.currency)?.available ?? '0';
  return <ApplyForm product={product} available={available} onDone={onDone} />;
}

export function LendingApplySheet({
  product,
  onClose,
  onDone,
}: {
  product: LendingProductData | null;
  onClose: () => void;
  onDone: (record: LendingRecordData) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  let body: ReactNode = null;
  if (product) {
    body = (
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lending-apply-title"
        data-testid="lending-sheet"
      >
        <header className="sheet-head">
          <h2 id="lending-apply-title">{t('ui.lending.applyTitle', { name: nameOf(product) })}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
            <CloseIcon />
          </button>
        </header>
        <div className="sheet-body">
          <p className="caption" style={{ marginTop: 0 }}>
            <RateText dailyRate={product.dailyRate} /> · {t('ui.lending.termDays', { days: String(product.termDays) })}
          </p>
          <SheetBody key={product.id} product={product} onDone={onDone} />
        </div>
      </div>
    );
  }
  return (
    <Popup
      visible={product !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      {body}
    </Popup>
  );
}
