/**
 * `/information/loanRating` (spec §2, §4): the credit score as a gauge, the quota, what is
 * borrowed and owed, what can still be borrowed and the daily rate; the borrow form with the rule
 * that would stop the user shown before the button (score below the minimum, a pending
 * application, the quota) and a confirmation; and the credit-raise request with the check-ins of
 * the last 30 days against the required count, before the button (docs/api.md §16.1, §16.2, §16.4).
 */
import { Money } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call, isFinalAnswer } from '../../api/client';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { CloseIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount, formatPercent, sanitiseAmountInput, scaleOf, toWireAmount } from '../../lib/format';
import { AmountField, DetailRow, KycGateCard, RuleList, useMoneySubmit } from '../../components/MoneyParts';
import { refreshAfterLoan, useLoanRating, type LoanRatingData, type LoanRecordData } from './loan-queries';
import { borrowRules, currencyOf, raiseRules } from './loan-rules';
import { ScoreGauge } from './ScoreGauge';
import './loans.css';
import { ConfirmFooter } from '../../components/ConfirmFooter';

export const loanRecordPath = '/information/loanRecord';

function rateText(rate: string): string {
  return formatPercent(rate, 3);
}

function Figures({ rating }: { rating: LoanRatingData }) {
  const { t } = useTranslation();
  const c = rating.currency;
  return (
    <dl className="loan-figures" data-testid="loan-figures">
      <div>
        <dt>{t('ui.loan.quota')}</dt>
        <dd className="num" data-testid="loan-quota">
          {formatAmount(rating.quota, c)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.loan.borrowed')}</dt>
        <dd className="num" data-testid="loan-borrowed">
          {formatAmount(rating.borrowed, c)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.loan.outstanding')}</dt>
        <dd className="num" data-testid="loan-outstanding">
          {formatAmount(rating.outstanding, c)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.loan.availableQuota')}</dt>
        <dd className="num loan-strong" data-testid="loan-available">
          {formatAmount(rating.availableQuota, c)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.loan.dailyRate')}</dt>
        <dd className="num" data-testid="loan-rate">
          {t('ui.loan.dailyRateValue', { rate: rateText(rating.dailyRate) })}
        </dd>
      </div>
    </dl>
  );
}

function BorrowForm({ rating }: { rating: LoanRatingData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const currency = currencyOf(rating.currency);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [done, setDone] = useState<LoanRecordData | null>(null);
  const send = useCallback(
    (body: { amount: string }, requestId: string) => call('loanBorrow', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const amount = toWireAmount(input);
  const rules = borrowRules(rating, amount);
  const perDay = amount === '' ? null : Money.of(amount, currency).times(rating.dailyRate).rounded('half_up');

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || !Money.of(amount, currency).isPositive()) {
      setError(t('ui.funds.amountRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setStep('confirm');
  };

  const confirm = async () => {
    try {
      const record = await submit({ amount });
      if (!record) return;
      setDone(record);
      setStep('done');
      setInput('');
      void refreshAfterLoan(queryClient);
    } catch (failure) {
      if (isFinalAnswer(failure)) {
        setStep('form');
        void refreshAfterLoan(queryClient);
      }
    }
  };

  if (step === 'done' && done) {
    return (
      <div className="status-card tone-wait" data-testid="loan-done" aria-live="polite">
        <h3>{t('ui.loan.doneTitle')}</h3>
        <p className="muted">{t('ui.loan.doneText', { amount: formatAmount(done.principal, done.currency) })}</p>
        <Link to={loanRecordPath} data-testid="loan-done-records">
          {t('ui.loan.records')}
        </Link>
      </div>
    );
  }

  if (step === 'confirm') {
    return (
      <div data-testid="loan-confirm-step" role="group" aria-label={t('ui.loan.confirmTitle')}>
        <h3 className="loan-subtitle">{t('ui.loan.confirmTitle')}</h3>
        <dl className="detail-list">
          <DetailRow label={t('ui.loan.amount')}>
            <span className="num strong" data-testid="loan-confirm-amount">
              {formatAmount(amount, currency)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.loan.dailyRate')}>
            <span className="num">{t('ui.loan.dailyRateValue', { rate: rateText(rating.dailyRate) })}</span>
          </DetailRow>
          <DetailRow label={t('ui.loan.dailyInterest')}>
            <span className="num" data-testid="loan-confirm-per-day">
              {perDay ? formatAmount(perDay.toString(), currency) : '--'}
            </span>
          </DetailRow>
        </dl>
        <p className="caption">{t('ui.loan.reviewNote')}</p>
        <ConfirmFooter
          label={t('ui.loan.confirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onBack={() => setStep('form')}
          testId="loan"
        />
        {loader}
      </div>
    );
  }

  return (
    <form
      className="form"
      onSubmit={review}
      noValidate
      aria-label={t('ui.loan.borrowTitle')}
      data-testid="loan-borrow-form"
    >
      <AmountField
        label={t('ui.loan.amount')}
        value={input}
        onChange={(value) => setInput(sanitiseAmountInput(value, scaleOf(currency)))}
        currency={currency}
        testId="loan-amount"
        error={error}
        describedBy={rulesId}
      >
        <span className="caption num" data-testid="loan-available-line">
          {t('ui.loan.availableLine', { amount: formatAmount(rating.availableQuota, currency) })}
        </span>
        <span className="caption">{t('ui.loan.interestLine', { rate: rateText(rating.dailyRate) })}</span>
      </AmountField>
      <p className="caption loan-note">{t('ui.loan.reviewNote')}</p>
      <RuleList rules={rules} id={rulesId} testIdPrefix="loan-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={rules.length > 0}
          aria-describedby={rulesId}
          data-testid="loan-submit"
        >
          {t('ui.loan.continue')}
        </Button>
      </div>
    </form>
  );
}

function RaiseForm({ rating, onDone }: { rating: LoanRatingData; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const currency = currencyOf(rating.currency);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [sent, setSent] = useState<string | null>(null);
  const send = useCallback(
    (body: { amount: string }, requestId: string) => call('loanRaiseQuota', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const amount = toWireAmount(input);
  const rules = raiseRules(rating);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || !Money.of(amount, currency).isPositive()) {
      setError(t('ui.funds.amountRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0) return;
    setStep('confirm');
  };
  const confirm = async () => {
    try {
      const raise = await submit({ amount });
      if (!raise) return;
      setSent(raise.amount);
      setStep('done');
      void refreshAfterLoan(queryClient);
    } catch (failure) {
      if (isFinalAnswer(failure)) {
        setStep('form');
        void refreshAfterLoan(queryClient);
      }
    }
  };

  if (step === 'done' && sent) {
    return (
      <div className="status-card tone-wait" data-testid="raise-done">
        <p>{t('ui.loan.raiseDone', { amount: formatAmount(sent, currency) })}</p>
        <Button block onClick={onDone}>
          {t('ui.common.close')}
        </Button>
      </div>
    );
  }
  if (step === 'confirm') {
    return (
      <div data-testid="raise-confirm-step">
        <h3 className="loan-subtitle">{t('ui.loan.raiseConfirmTitle')}</h3>
        <dl className="detail-list">
          <DetailRow label={t('ui.loan.raiseAmount')}>
            <span className="num strong">{formatAmount(amount, currency)}</span>
          </DetailRow>
          <DetailRow label={t('ui.loan.quota')}>
            <span className="num">{formatAmount(rating.quota, currency)}</span>
          </DetailRow>
        </dl>
        <ConfirmFooter
          label={t('ui.loan.raiseConfirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onBack={() => setStep('form')}
          testId="raise"
        />
        {loader}
      </div>
    );
  }
  return (
    <form className="form" onSubmit={review} noValidate aria-label={t('ui.loan.raiseTitle')} data-testid="raise-form">
      <AmountField
        label={t('ui.loan.raiseAmount')}
        value={input}
        onChange={(value) => setInput(sanitiseAmountInput(value, 0))}
        currency={currency}
        testId="raise-amount"
        error={error}
        describedBy={rulesId}
      >
        <span className="caption">{t('ui.loan.raiseWhole')}</span>
        <span className="caption num" data-testid="raise-checkins">
          {t('ui.loan.checkinsLine', {
            current: String(rating.checkinsLast30Days),
            required: String(rating.quotaRaiseCheckins),
          })}
        </span>
      </AmountField>
      <RuleList rules={rules} id={rulesId} testIdPrefix="raise-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={rules.length > 0}
          aria-describedby={rulesId}
          data-testid="raise-submit"
        >
          {t('ui.loan.raiseSubmit')}
        </Button>
      </div>
    </form>
  );
}

function RaiseSheet({ rating, open, onClose }: { rating: LoanRatingData; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      {open ? (
        <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="raise-title" data-testid="raise-sheet">
          <header className="sheet-head">
            <h2 id="raise-title">{t('ui.loan.raiseTitle')}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
              <CloseIcon />
            </button>
          </header>
          <div className="sheet-body">
            <RaiseForm rating={rating} onDone={onClose} />
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

function RatingBody({ rating }: { rating: LoanRatingData }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [raising, setRaising] = useState(false);
  let form;
  if (user.isPending) form = <Loading rows={3} />;
  else if (user.isError) form = <ErrorRetry onRetry={() => void user.refetch()} />;
  else if (user.data.kycStatus !== 'verified') form = <KycGateCard status={user.data.kycStatus} />;
  else form = <BorrowForm rating={rating} />;
  return (
    <>
      <section className="card loan-card" data-testid="loan-rating">
        <ScoreGauge score={rating.creditScore} min={rating.minScoreToBorrow} />
        <p className="caption loan-note" data-testid="loan-score-note">
          {t('ui.loan.scoreNote')}
        </p>
        <Figures rating={rating} />
        <div className="loan-actions">
          <Link to={loanRecordPath} className="loan-link" data-testid="loan-records-link">
            {t('ui.loan.records')}
          </Link>
          <button type="button" className="loan-link" onClick={() => setRaising(true)} data-testid="loan-raise-open">
            {t('ui.loan.raiseTitle')}
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="loan-borrow-title" data-testid="loan-borrow">
        <h2 id="loan-borrow-title" className="loan-subtitle">
          {t('ui.loan.borrowTitle')}
        </h2>
        {form}
      </section>
      <RaiseSheet rating={rating} open={raising} onClose={() => setRaising(false)} />
    </>
  );
}

export default function LoanRatingPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const rating = useLoanRating();
  let body;
  if (!loggedIn) body = <LoginPrompt message={t('ui.loan.loginText')} />;
  else if (rating.isPending)
    body = (
      <section className="card">
        <Loading rows={8} />
      </section>
    );
  else if (rating.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void rating.refetch()} />
      </section>
    );
  else body = <RatingBody rating={rating.data} />;
  return <SubPage title={t('ui.page.loanRating')}>{body}</SubPage>;
}
