/**
 * `/information/loanRecord` (spec §2, §4): the user's loans, newest first, each with its state tag
 * (pending, approved, rejected; settled once nothing is owed), principal, interest, repaid and
 * outstanding, a timeline (applied → under review → approved and credited / rejected with the
 * reason → repaid in full), and the repayment sheet of an approved loan: the amount against what
 * is owed and the available balance, shown before the button, then a confirmation (docs/api.md §16.3).
 */
import { Money } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isFinalAnswer } from '../../api/client';
import { useAllAssets } from '../funds';
import { useIsLoggedIn } from '../../api/queries';
import { CloseIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount, formatPercent, sanitiseAmountInput, scaleOf, toWireAmount } from '../../lib/format';
import {
  AmountField,
  DetailRow,
  RuleList,
  StateTag,
  Timeline,
  timeText,
  useMoneySubmit,
  type TimelineStep,
} from '../../components/MoneyParts';
import { refreshAfterLoan, useLoanRecords, type LoanRecordData } from './loan-queries';
import { currencyOf, repayAll, repayRules } from './loan-rules';
import './loans.css';
import { ConfirmFooter } from '../../components/ConfirmFooter';

/** applied → under review → approved / rejected (reason) → repaid in full, each with its time. */
export function loanTimeline(loan: LoanRecordData, label: (key: string) => string): TimelineStep[] {
  const reviewed = loan.state !== 'pending';
  const steps: TimelineStep[] = [
    { step: 'applied', label: label('ui.loan.step.applied'), at: loan.appliedAt, done: true },
    { step: 'review', label: label('ui.loan.step.review'), at: loan.appliedAt, done: reviewed },
  ];
  if (loan.state === 'rejected') {
    steps.push({
      step: 'rejected',
      label: label('ui.loan.step.rejected'),
      at: loan.reviewedAt,
      reason: loan.reason,
      done: true,
      tone: 'bad',
    });
  } else {
    steps.push({
      step: 'approved',
      label: label('ui.loan.step.approved'),
      at: loan.reviewedAt,
      done: loan.state === 'approved',
    });
    steps.push({ step: 'settled', label: label('ui.loan.step.settled'), at: loan.settledAt, done: loan.settled });
  }
  return steps;
}

function RepayForm({
  loan,
  available,
  onDone,
}: {
  loan: LoanRecordData;
  available: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rulesId = useId();
  const currency = currencyOf(loan.currency);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const send = useCallback(
    (body: { loanId: string; amount: string }, requestId: string) => call('loanRepay', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const amount = toWireAmount(input);
  const rules = repayRules(loan, amount, available);

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
      const updated = await submit({ loanId: loan.id, amount });
      if (!updated) return;
      void refreshAfterLoan(queryClient);
      onDone();
    } catch (failure) {
      if (isFinalAnswer(failure)) {
        setStep('form');
        void refreshAfterLoan(queryClient);
      }
    }
  };

  if (step === 'confirm') {
    const after = Money.of(loan.outstanding, currency).minus(Money.of(amount, currency));
    return (
      <div data-testid="repay-confirm-step">
        <h3 className="loan-subtitle">{t('ui.loan.repayConfirmTitle')}</h3>
        <dl className="detail-list">
          <DetailRow label={t('ui.loan.repay')}>
            <span className="num strong" data-testid="repay-confirm-amount">
              {formatAmount(amount, currency)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.loan.outstanding')}>
            <span className="num">{formatAmount(loan.outstanding, currency)}</span>
          </DetailRow>
          <DetailRow label={t('ui.loan.leftAfter')}>
            <span className="num" data-testid="repay-confirm-after">
              {formatAmount(after.toString(), currency)}
            </span>
          </DetailRow>
        </dl>
        <p className="caption">{t('ui.loan.repayOrder')}</p>
        <ConfirmFooter
          label={t('ui.loan.repayConfirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onBack={() => setStep('form')}
          testId="repay"
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
      aria-label={t('ui.loan.repayTitle', { orderNo: loan.orderNo })}
      data-testid="repay-form"
    >
      <AmountField
        label={t('ui.loan.repay')}
        value={input}
        onChange={(value) => setInput(sanitiseAmountInput(value, scaleOf(currency)))}
        currency={currency}
        testId="repay-amount"
        error={error}
        describedBy={rulesId}
        action={
          <button
            type="button"
            className="amount-action"
            onClick={() => setInput(repayAll(loan, available))}
            data-testid="repay-all"
          >
            {t('ui.loan.repayAll')}
          </button>
        }
      >
        <span className="caption num" data-testid="repay-outstanding">
          {t('ui.loan.outstandingLine', { amount: formatAmount(loan.outstanding, currency) })}
        </span>
        <span className="caption num" data-testid="repay-balance">
          {t('ui.loan.balanceLine', { amount: available === undefined ? '--' : formatAmount(available, currency) })}
        </span>
        <span className="caption">{t('ui.loan.repayOrder')}</span>
      </AmountField>
      <RuleList rules={rules} id={rulesId} testIdPrefix="repay-rule-" />
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={rules.length > 0}
          aria-describedby={rulesId}
          data-testid="repay-submit"
        >
          {t('ui.loan.continue')}
        </Button>
      </div>
    </form>
  );
}

function RepaySheet({ loan, onClose }: { loan: LoanRecordData | null; onClose: () => void }) {
  const { t } = useTranslation();
  const assets = useAllAssets();
  const available = loan ? assets.data?.accounts.find((a) => a.currency === loan.currency)?.available : undefined;
  return (
    <Popup
      visible={loan !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      {loan ? (
        <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="repay-title" data-testid="repay-sheet">
          <header className="sheet-head">
            <h2 id="repay-title">{t('ui.loan.repayTitle', { orderNo: loan.orderNo })}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
              <CloseIcon />
            </button>
          </header>
          <div className="sheet-body">
            {assets.isPending ? (
              <Loading rows={3} />
            ) : (
              <RepayForm key={loan.id} loan={loan} available={available ?? '0'} onDone={onClose} />
            )}
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

function LoanItem({ loan, onRepay }: { loan: LoanRecordData; onRepay: (loan: LoanRecordData) => void }) {
  const { t } = useTranslation();
  const c = loan.currency;
  const approved = loan.state === 'approved';
  return (
    <li className="card loan-record" data-testid={`loan-record-${loan.id}`}>
      <div className="loan-record-head">
        <strong className="num loan-record-amount">{formatAmount(loan.principal, c)}</strong>
        {approved && loan.settled ? (
          <span className="tag state-approved" data-testid={`loan-state-${loan.id}`}>
            {t('ui.loan.settled')}
          </span>
        ) : approved ? (
          <span className="tag state-pending" data-testid={`loan-state-${loan.id}`}>
            {t('ui.loan.repaying')}
          </span>
        ) : (
          <StateTag state={loan.state} testId={`loan-state-${loan.id}`} />
        )}
      </div>
      <dl className="detail-list">
        <DetailRow label={t('ui.loan.orderNo')}>
          <span className="num">{loan.orderNo}</span>
        </DetailRow>
        {approved ? (
          <>
            <DetailRow label={t('ui.loan.interest')}>
              <span className="num" data-testid={`loan-interest-${loan.id}`}>
                {formatAmount(loan.interest, c)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.loan.repaid')}>
              <span className="num">{formatAmount(loan.repaid, c)}</span>
            </DetailRow>
            <DetailRow label={t('ui.loan.outstanding')}>
              <span className="num strong" data-testid={`loan-outstanding-${loan.id}`}>
                {formatAmount(loan.outstanding, c)}
              </span>
            </DetailRow>
          </>
        ) : null}
        <DetailRow label={t('ui.loan.dailyRate')}>
          <span className="num">{t('ui.loan.dailyRateValue', { rate: formatPercent(loan.dailyRate, 3) })}</span>
        </DetailRow>
        <DetailRow label={t('ui.loan.appliedAt')}>
          <span className="num">{timeText(loan.appliedAt)}</span>
        </DetailRow>
      </dl>
      <Timeline steps={loanTimeline(loan, (key) => t(key))} label={t('ui.loan.timeline')} />
      {approved && !loan.settled ? (
        <Button color="primary" fill="outline" onClick={() => onRepay(loan)} data-testid={`loan-repay-${loan.id}`}>
          {t('ui.loan.repay')}
        </Button>
      ) : null}
    </li>
  );
}

export default function LoanRecordPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const records = useLoanRecords();
  const [repaying, setRepaying] = useState<LoanRecordData | null>(null);
  const loans = records.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (!loggedIn) body = <LoginPrompt message={t('ui.loan.loginText')} />;
  else if (records.isPending)
    body = (
      <section className="card">
        <Loading rows={6} />
      </section>
    );
  else if (records.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void records.refetch()} />
      </section>
    );
  else if (loans.length === 0)
    body = (
      <section className="card">
        <Empty text={t('ui.loan.empty')} />
      </section>
    );
  else {
    body = (
      <>
        <ul className="loan-records" data-testid="loan-records">
          {loans.map((loan) => (
            <LoanItem key={loan.id} loan={loan} onRepay={setRepaying} />
          ))}
        </ul>
        {records.hasNextPage ? (
          <Button block onClick={() => void records.fetchNextPage()} loading={records.isFetchingNextPage}>
            {t('ui.loan.more')}
          </Button>
        ) : null}
        <RepaySheet loan={repaying} onClose={() => setRepaying(null)} />
      </>
    );
  }
  return <SubPage title={t('ui.page.loanRecord')}>{body}</SubPage>;
}
