import type { Card, Currency, SecondFactorProof, Wallet } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call, isFinalAnswer, translator } from '../../api/client';
import { useUserInfo } from '../../api/queries';
import {
  flattenRecords,
  isWithdrawRecord,
  refreshAfterMoney,
  useCardList,
  useFundRecords,
  useWithdrawInfo,
  type WithdrawInfoData,
  type WithdrawRecordData,
} from './funds-queries';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import {
  emptySecondFactor,
  SecondFactorField,
  secondFactorError,
  secondFactorProof,
  type SecondFactorInput,
} from '../../components/SecondFactorField';
import { TextField } from '../../components/TextField';
import {
  compareDecimal,
  formatAmount,
  formatPercent,
  sanitiseAmountInput,
  scaleOf,
  toWireAmount,
} from '../../lib/format';
import { useFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { ConfirmSheet } from '../trade';
import {
  AmountField,
  codeText,
  CurrencyChoice,
  DetailRow,
  MoneyPage,
  RuleList,
  useMoneySubmit,
  type Rule,
} from '../../components/MoneyParts';
import { useWindowText, WindowTag } from './RechargePage';
import { MoneyResultCard } from './MoneyResultCard';
import { WithdrawRecordItem } from './WithdrawRecordItem';

/** Spec §2/§6: fiat goes to the user's own bank card, USDT to a wallet (docs/api.md §10.4). */
export const cashOutCurrencies: readonly Currency[] = ['MXN', 'USD', 'EUR', 'USDT'];
const fundPasswordPattern = /^\d{6}$/;
const RECENT_RECORDS = 5;

/** A rule's translated code; an unpaid loan also says how much is owed (the rule's params). */
function ruleText(rule: WithdrawInfoData['rules'][number]): string {
  const text = codeText(rule.code, rule.params);
  const { outstanding, currency } = rule.params;
  if (rule.rule !== 'unpaid_loan' || typeof outstanding !== 'string' || typeof currency !== 'string') return text;
  return `${text} ${translator.t('ui.loan.unpaidOwed', { amount: formatAmount(outstanding, currency) })}`;
}

/**
 * Every rule of `/funds/withdrawInfo` that does not hold, in the server's order, each with its
 * translated code; then the amount typed so far against the minimum, the maximum and the
 * withdrawable amount, which the server can only check once it knows the amount.
 */
export function withdrawRules(info: WithdrawInfoData, amount: string): Rule[] {
  const rules: Rule[] = info.rules.filter((rule) => !rule.ok).map((rule) => ({ key: rule.rule, text: ruleText(rule) }));
  const failing = new Set(rules.map((rule) => rule.key));
  if (amount === '' || compareDecimal(amount, '0') <= 0) return rules;
  const add = (key: string, text: string) => {
    if (!failing.has(key)) rules.push({ key, text });
  };
  if (compareDecimal(amount, info.min) < 0)
    add('min', codeText('withdraw.below_min', { min: info.min, currency: info.currency }));
  if (compareDecimal(amount, info.max) > 0)
    add('max', codeText('withdraw.above_max', { max: info.max, currency: info.currency }));
  if (compareDecimal(amount, info.withdrawable) > 0)
    add(
      'withdrawable',
      codeText('funds.insufficient_withdrawable', { withdrawable: info.withdrawable, currency: info.currency }),
    );
  return rules;
}

type Destination =
  | { kind: 'card'; id: string; title: string; detail: string }
  | { kind: 'wallet'; id: string; title: string; detail: string };

function destinationsOf(currency: Currency, cards: readonly Card[], wallets: readonly Wallet[]): Destination[] {
  if (currency === 'USDT') {
    return wallets.map((w) => ({
      kind: 'wallet',
      id: w.walletId,
      title: w.type,
      detail: `${w.address.slice(0, 8)}…${w.address.slice(-6)}`,
    }));
  }
  return cards.map((c) => ({ kind: 'card', id: c.cardId, title: c.bankName, detail: c.numberMasked }));
}

function DestinationPicker({
  options,
  value,
  onChange,
  currency,
  error,
}: {
  options: Destination[];
  value: string | null;
  onChange: (id: string) => void;
  currency: Currency;
  error?: string;
}) {
  const { t } = useTranslation();
  const isWallet = currency === 'USDT';
  return (
    <fieldset className="field destination-picker">
      <legend>{isWallet ? t('ui.cashOut.toWallet') : t('ui.cashOut.toCard')}</legend>
      {options.length === 0 ? (
        <p className="muted">
          {isWallet ? t('ui.cashOut.noWallet') : t('ui.cashOut.noCard')}{' '}
          <Link
            to={isWallet ? '/information/addBankCard?tab=wallet' : '/information/addBankCard'}
            data-testid="cashout-add-destination"
          >
            {isWallet ? t('ui.bank.addWallet') : t('ui.bank.addCard')}
          </Link>
        </p>
      ) : (
        <div className="choice-list" role="radiogroup">
          {options.map((option) => (
            <label
              key={option.id}
              className={value === option.id ? 'choice checked' : 'choice'}
              data-testid={`cashout-destination-${option.id}`}
            >
              <input
                type="radio"
                name="cashout-destination"
                value={option.id}
                checked={value === option.id}
                onChange={() => onChange(option.id)}
              />
              <span className="choice-text">
                <span className="choice-title">{option.title}</span>
                <span className="caption num">{option.detail}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

interface Errors {
  amount?: string;
  destination?: string;
  password?: string;
  factor?: string;
}

type WithdrawBody = {
  amount: string;
  currency: Currency;
  fundPassword: string;
  cardId?: string;
  walletId?: string;
} & SecondFactorProof;

function CashOutForm({
  currency,
  info,
  destinations,
  onDone,
}: {
  currency: Currency;
  info: WithdrawInfoData;
  destinations: Destination[];
  onDone: (record: WithdrawRecordData) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const windowText = useWindowText();
  const rulesId = useId();
  const [amountInput, setAmountInput] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [review, setReview] = useState<WithdrawBody | null>(null);
  // two-step verification on: the code field shows with the form, before the user confirms (§23.1)
  const totpOn = useUserInfo().data?.totpEnabled === true;
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const send = useCallback((body: WithdrawBody, requestId: string) => call('withdraw', { ...body, requestId }), []);
  const { submit, busy, loader } = useMoneySubmit(send);
  // One destination is the obvious choice; with several the user picks.
  const destinationId =
    picked && destinations.some((d) => d.id === picked)
      ? picked
      : destinations.length === 1
        ? (destinations[0]?.id ?? null)
        : null;
  const destination = destinations.find((d) => d.id === destinationId);
  const amount = toWireAmount(amountInput);
  const rules = withdrawRules(info, amount);
  const blocked = rules.length > 0;
  const current: FieldErrors<keyof Errors> = {};
  if (amount === '' || compareDecimal(amount, '0') <= 0) current.amount = t('ui.funds.amountRequired');
  if (!destination) current.destination = currency === 'USDT' ? t('ui.cashOut.pickWallet') : t('ui.cashOut.pickCard');
  if (password === '') current.password = t('ui.validate.required', { field: t('ui.cashOut.password') });
  else if (!fundPasswordPattern.test(password)) current.password = t('ui.validate.fundPasswordFormat');
  if (totpOn) current.factor = secondFactorError(factor, t) ?? undefined;
  const { errors, reveal } = useFieldErrors(current);

  // The press opens a confirmation sheet repeating what leaves and where it goes; only its confirm sends.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || busy) return;
    if (!reveal() || !destination) return;
    const target = destination.kind === 'card' ? { cardId: destination.id } : { walletId: destination.id };
    setReview({ amount, currency, fundPassword: password, ...target, ...(totpOn ? secondFactorProof(factor) : {}) });
  };

  const confirm = async () => {
    if (!review) return;
    try {
      const record = await submit(review);
      if (!record) return;
      setReview(null);
      void refreshAfterMoney(queryClient);
      // the result card replaces the form: the pending withdrawal now blocks a second one, which
      // the form would show as a failing rule right after the success
      onDone(record);
    } catch (error) {
      // The client showed the reason. A final answer (wrong password…) closes the sheet and clears
      // the password; after a network error the sheet stays and the same requestId is sent again.
      if (isFinalAnswer(error)) {
        setReview(null);
        setPassword('');
        setFactor((f) => ({ ...f, value: '' }));
      }
    }
  };

  return (
    <>
      <form className="form card" onSubmit={onSubmit} noValidate aria-label={t('ui.cashOut.formTitle')}>
        <AmountField
          label={t('ui.cashOut.amount')}
          value={amountInput}
          onChange={(raw) => setAmountInput(sanitiseAmountInput(raw, scaleOf(currency)))}
          currency={currency}
          testId="cashout-amount"
          error={errors.amount}
          describedBy={rulesId}
          action={
            <button
              type="button"
              className="amount-action"
              onClick={() => setAmountInput(info.withdrawable)}
              data-testid="cashout-all"
            >
              {t('ui.cashOut.all')}
            </button>
          }
        >
          <span className="num" data-testid="cashout-withdrawable">
            {t('ui.cashOut.withdrawable', { amount: formatAmount(info.withdrawable, currency) })}
          </span>
          <span className="num">
            {t('ui.funds.limits', { min: formatAmount(info.min, currency), max: formatAmount(info.max, currency) })}
          </span>
          <span className="num">
            {t('ui.funds.window', { window: windowText(info.window, info.days, info.timezone) })}{' '}
            <WindowTag open={info.inWindow} />
          </span>
          <span className="num">
            {/[1-9]/.test(info.feeRate)
              ? t('ui.cashOut.feeRate', { rate: formatPercent(info.feeRate) })
              : t('ui.cashOut.noFee')}
          </span>
        </AmountField>
        <DestinationPicker
          options={destinations}
          value={destinationId}
          onChange={setPicked}
          currency={currency}
          error={errors.destination}
        />
        <TextField
          label={t('ui.cashOut.password')}
          type="password"
          value={password}
          onChange={(value) => setPassword(value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          maxLength={6}
          pattern="[0-9]*"
          autoComplete="off"
          hint={info.hasFundPassword ? t('ui.cashOut.passwordHint') : undefined}
          error={errors.password}
          testId="cashout-password"
        />
        {totpOn ? (
          <SecondFactorField
            value={factor}
            onChange={setFactor}
            error={errors.factor}
            hint={t('ui.twoStep.fieldHint')}
            testId="cashout-code"
          />
        ) : null}
        {!info.hasFundPassword ? (
          <Link to="/information/fundPass" className="inline-link" data-testid="cashout-set-password">
            {t('ui.cashOut.setPassword')}
          </Link>
        ) : null}
        <RuleList rules={rules} id={rulesId} testIdPrefix="cashout-rule-" />
        {info.unpaidLoan ? (
          <Link to="/information/loanRecord" className="caption" data-testid="cashout-repay-loan">
            {t('ui.loan.goRepay')}
          </Link>
        ) : null}
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            disabled={blocked || busy}
            aria-describedby={rulesId}
            data-testid="cashout-submit"
          >
            {blocked ? t('ui.cashOut.blocked') : t('ui.cashOut.submit')}
          </Button>
          <p className="caption">{t('ui.cashOut.note')}</p>
        </div>
      </form>
      <ConfirmSheet
        open={review !== null}
        title={t('ui.withdraw.confirmTitle')}
        confirmText={t('ui.withdraw.confirm')}
        busy={busy}
        onCancel={() => setReview(null)}
        onConfirm={() => void confirm()}
        testId="cashout-sheet"
        confirmTestId="cashout-confirm"
      >
        {review && destination ? (
          <dl className="detail-list">
            <DetailRow label={t('ui.cashOut.amount')} testId="cashout-sheet-amount">
              <strong className="num">{formatAmount(review.amount, review.currency)}</strong>
            </DetailRow>
            <DetailRow
              label={destination.kind === 'card' ? t('ui.cashOut.toCard') : t('ui.cashOut.toWallet')}
              testId="cashout-sheet-destination"
            >
              <span>
                {destination.title} <span className="caption num">{destination.detail}</span>
              </span>
            </DetailRow>
            <DetailRow label={t('ui.withdraw.fee')}>
              <span className="num">
                {/[1-9]/.test(info.feeRate)
                  ? t('ui.cashOut.feeRate', { rate: formatPercent(info.feeRate) })
                  : t('ui.cashOut.noFee')}
              </span>
            </DetailRow>
          </dl>
        ) : null}
        <p className="caption">{t('ui.cashOut.note')}</p>
      </ConfirmSheet>
      {loader}
    </>
  );
}

/** The submitted withdrawal, pending review (the amount is frozen until it is paid out, docs/api.md §10.4). */
function WithdrawResult({ record }: { record: WithdrawRecordData }) {
  const { t } = useTranslation();
  return (
    <MoneyResultCard
      record={record}
      testId="cashout-result"
      title={t('ui.withdraw.submitted')}
      text={t('ui.withdraw.submittedText')}
      recordsTab="withdraw"
      recordsLabel={t('ui.withdraw.viewRecords')}
    >
      <DetailRow label={t('ui.withdraw.to')}>
        <span>
          {record.destination.label} <span className="caption num">{record.destination.masked}</span>
        </span>
      </DetailRow>
    </MoneyResultCard>
  );
}

function RecentWithdrawals() {
  const { t } = useTranslation();
  const records = useFundRecords('withdraw');
  const rows = flattenRecords(records.data?.pages).filter(isWithdrawRecord);
  let body: ReactNode;
  if (records.isPending) body = <Loading rows={3} />;
  else if (records.isError) body = <ErrorRetry onRetry={() => void records.refetch()} />;
  else if (rows.length === 0) body = <Empty text={t('ui.cashOut.noRecords')} />;
  else
    body = (
      <ul className="record-list">
        {rows.slice(0, RECENT_RECORDS).map((record) => (
          <WithdrawRecordItem key={record.id} record={record} />
        ))}
      </ul>
    );
  return (
    <section className="card flush-card" aria-labelledby="cashout-records">
      <div className="card-head card-title-pad">
        <h2 id="cashout-records">{t('ui.cashOut.records')}</h2>
        <Link to="/information/fundRecord?tab=withdraw">{t('ui.cashOut.allRecords')}</Link>
      </div>
      {body}
    </section>
  );
}

/**
 * `/information/cashOut` (spec §2 withdrawal): currency, amount ("all" fills the withdrawable
 * amount), the card or wallet, the fund password; every rule of `/funds/withdrawInfo` that
 * does not hold is shown before the user presses, and the button stays disabled with the
 * reason in view (docs/ui.md "Money screens"). Below, the withdrawal records with their timelines.
 */
function CashOutBody() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<Currency>('MXN');
  const [record, setRecord] = useState<WithdrawRecordData | null>(null);
  const info = useWithdrawInfo(currency);
  const cards = useCardList();
  if (record) {
    return (
      <>
        <WithdrawResult record={record} />
        <RecentWithdrawals />
      </>
    );
  }

  let form: ReactNode;
  if (info.isPending || cards.isPending)
    form = (
      <section className="card">
        <Loading rows={5} />
      </section>
    );
  else if (info.isError || cards.isError) {
    form = (
      <section className="card">
        <ErrorRetry
          onRetry={() => {
            void info.refetch();
            void cards.refetch();
          }}
        />
      </section>
    );
  } else {
    const destinations = destinationsOf(currency, cards.data.cards, cards.data.wallets);
    // Keyed by currency: switching currency starts a fresh form (amount, destination, requestId).
    form = (
      <CashOutForm key={currency} currency={currency} info={info.data} destinations={destinations} onDone={setRecord} />
    );
  }

  return (
    <>
      <section className="card">
        <h2 id="cashout-currency">{t('ui.funds.currency')}</h2>
        <CurrencyChoice
          options={cashOutCurrencies}
          value={currency}
          onChange={setCurrency}
          label={t('ui.funds.currency')}
          testIdPrefix="cashout-currency-"
        />
      </section>
      {form}
      <RecentWithdrawals />
    </>
  );
}

export default function CashOutPage() {
  const { t } = useTranslation();
  return (
    <MoneyPage title={t('ui.page.cashOut')}>
      <CashOutBody />
    </MoneyPage>
  );
}
