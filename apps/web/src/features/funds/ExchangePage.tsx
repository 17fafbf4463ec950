import type { Currency } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { refreshAfterMoney, useAllAssets, useRates, type ExchangeData, type RatesData } from './funds-queries';
import { useConfig, useSummaryCurrency } from '../../api/queries';
import { CloseIcon, SwapIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { exchangePreview } from '../../lib/exchange';
import {
  compareDecimal,
  formatAmount,
  formatClock,
  formatPrice,
  sanitiseAmountInput,
  scaleOf,
  toWireAmount,
} from '../../lib/format';
import {
  codeText,
  DetailRow,
  MoneyPage,
  OrderNoAndTimeRows,
  RuleList,
  useMoneySubmit,
  type Rule,
} from '../../components/MoneyParts';
import { useAmountInput } from '../../components/useAmountInput';
import { orderedCurrencies } from './RechargePage';

type RateItem = RatesData['list'][number];

/** The balances of one currency the form needs (`/user/assets` accounts). */
export interface ExchangeBalance {
  available: string;
  inTransit: string;
  withdrawable: string;
}

/**
 * What stops this exchange now (docs/api.md §10.7 order after the gates): the pair, the minimum,
 * the balance, then the in-transit part of `available`, which cannot leave its currency.
 */
export function exchangeRules(
  from: Currency,
  to: Currency,
  amount: string,
  balance: ExchangeBalance | undefined,
  min: string | undefined,
  rate: RateItem | undefined,
): Rule[] {
  const rules: Rule[] = [];
  if (rate && !rate.exchangeable)
    rules.push({ key: 'pair', text: codeText('exchange.pair_unsupported', { from, to }) });
  if (amount === '') return rules;
  if (min !== undefined && compareDecimal(amount, min) < 0)
    rules.push({ key: 'min', text: codeText('exchange.below_min', { min, currency: from }) });
  if (balance && compareDecimal(amount, balance.available) > 0) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_balance', { available: balance.available, currency: from }),
    });
  } else if (balance && compareDecimal(amount, balance.withdrawable) > 0) {
    rules.push({
      key: 'withdrawable',
      text: codeText('funds.insufficient_withdrawable', { withdrawable: balance.withdrawable, currency: from }),
    });
  }
  return rules;
}

function CurrencySelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Currency;
  options: readonly Currency[];
  onChange: (c: Currency) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="currency-select">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Currency)} data-testid={testId}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Quote {
  from: Currency;
  to: Currency;
  amount: string;
  receive: string;
  rate: RateItem;
}

function ConfirmSheet({
  quote,
  onCancel,
  onConfirm,
  busy,
}: {
  quote: Quote | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={quote !== null}
      onMaskClick={onCancel}
      onClose={onCancel}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {quote ? (
        <div
          className="sheet"
          role="dialog"
          aria-modal="true"
          aria-labelledby="exchange-confirm-title"
          data-testid="exchange-sheet"
        >
          <header className="sheet-head">
            <h2 id="exchange-confirm-title">{t('ui.exchange.confirmTitle')}</h2>
            <button type="button" className="icon-button" onClick={onCancel} aria-label={t('ui.common.close')}>
              <CloseIcon />
            </button>
          </header>
          <div className="sheet-body">
            <dl className="detail-list">
              <DetailRow label={t('ui.exchange.pay')}>
                <span className="num strong">{formatAmount(quote.amount, quote.from)}</span>
              </DetailRow>
              <DetailRow label={t('ui.exchange.rate')}>
                <span className="num">
                  {t('ui.exchange.rateLine', { from: quote.from, rate: formatPrice(quote.rate.rate), to: quote.to })}
                </span>
              </DetailRow>
              <DetailRow label={t('ui.exchange.receive')}>
                <span className="num strong" data-testid="exchange-confirm-receive">
                  {formatAmount(quote.receive, quote.to)}
                </span>
              </DetailRow>
            </dl>
            <p className="caption">{t('ui.exchange.rateNote', { time: formatClock(quote.rate.updatedAt) })}</p>
            <div className="form-footer">
              <Button
                block
                color="primary"
                size="large"
                onClick={onConfirm}
                disabled={busy}
                data-testid="exchange-confirm"
              >
                {t('ui.exchange.confirm')}
              </Button>
              <Button block onClick={onCancel}>
                {t('ui.common.cancel')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

function ExchangeResult({ result }: { result: ExchangeData }) {
  const { t } = useTranslation();
  return (
    <section className="card status-card tone-ok" data-testid="exchange-result" aria-live="polite">
      <h2>{t('ui.exchange.done')}</h2>
      <dl className="detail-list">
        <DetailRow label={t('ui.exchange.paid')}>
          <span className="num">{formatAmount(result.fromAmount, result.from)}</span>
        </DetailRow>
        <DetailRow label={t('ui.exchange.received')}>
          <span className="num strong">{formatAmount(result.toAmount, result.to)}</span>
        </DetailRow>
        <DetailRow label={t('ui.exchange.rate')}>
          <span className="num">
            {t('ui.exchange.rateLine', { from: result.from, rate: formatPrice(result.rate), to: result.to })}
          </span>
        </DetailRow>
        <OrderNoAndTimeRows orderNo={result.orderNo} createdAt={result.createdAt} />
      </dl>
    </section>
  );
}

/**
 * The pair the form opens with: the target a link asked for (`?to=USDT` from an order form short of
 * USDT) when it is one of the user's currencies, paid from the summary currency, or else from the
 * first currency with money in it; without a target, the summary currency into the next one.
 */
export function initialPair(
  currencies: readonly Currency[],
  summary: Currency,
  balances: Map<Currency, ExchangeBalance>,
  wanted: string | null,
): { from: Currency; to: Currency } {
  const target = currencies.find((c) => c === wanted);
  const others = currencies.filter((c) => c !== target);
  if (target !== undefined && others.length > 0) {
    const funded = (c: Currency) => compareDecimal(balances.get(c)?.available ?? '0', '0') > 0;
    const from =
      [summary, ...others].find((c) => others.includes(c) && funded(c)) ??
      (others.includes(summary) ? summary : (others[0] as Currency));
    return { from, to: target };
  }
  const from = currencies.includes(summary) ? summary : (currencies[0] ?? 'MXN');
  return { from, to: currencies.find((c) => c !== from) ?? 'USD' };
}

function ExchangeForm({
  currencies,
  balances,
}: {
  currencies: readonly Currency[];
  balances: Map<Currency, ExchangeBalance>;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const summary = useSummaryCurrency();
  const [params] = useSearchParams();
  const rulesId = useId();
  const [initial] = useState(() => initialPair(currencies, summary, balances, params.get('to')));
  const [from, setFrom] = useState<Currency>(initial.from);
  const [to, setTo] = useState<Currency>(initial.to);
  const [amountInput, setAmountInput] = useState('');
  const amountField = useAmountInput(amountInput, (typed) => setAmountInput(sanitiseAmountInput(typed, scaleOf(from))));
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [result, setResult] = useState<ExchangeData | null>(null);
  const rates = useRates(from);
  const rate = rates.data?.list.find((item) => item.to === to);
  const send = useCallback(
    (body: { from: Currency; to: Currency; amount: string }, requestId: string) =>
      call('exchange', { ...body, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const amount = toWireAmount(amountInput);
  const balance = balances.get(from);
  // the minimum of `from` (config `exchange.minAmount.<CUR>`, served by /common/config)
  const min = config.data?.[`exchange_min.${from}`];
  const inTransit = balance && compareDecimal(balance.inTransit, '0') > 0 ? balance.inTransit : null;
  const receive = rate ? exchangePreview(amount, rate.rate, from, to) : null;
  const rules = exchangeRules(from, to, amount, balance, min, rate);

  const pickFrom = (next: Currency) => {
    if (next === to) setTo(from);
    setFrom(next);
    setAmountInput((value) => sanitiseAmountInput(value, scaleOf(next)));
  };
  const pickTo = (next: Currency) => {
    if (next === from) setFrom(to);
    setTo(next);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setAmountInput((value) => sanitiseAmountInput(value, scaleOf(to)));
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || compareDecimal(amount, '0') <= 0) {
      setError(t('ui.funds.amountRequired'));
      return;
    }
    setError(null);
    if (rules.length > 0 || !rate || receive === null) return;
    setResult(null);
    setQuote({ from, to, amount, receive, rate });
  };

  const confirm = async () => {
    if (!quote) return;
    try {
      const done = await submit({ from: quote.from, to: quote.to, amount: quote.amount });
      if (!done) return;
      setQuote(null);
      setAmountInput('');
      setResult(done);
      void refreshAfterMoney(queryClient);
    } catch {
      // The client showed the reason; the sheet stays open so the same request can be sent again.
    }
  };

  return (
    <>
      <form className="form card exchange-card" onSubmit={review} noValidate aria-label={t('ui.page.exChange')}>
        <div className="exchange-leg">
          <div className="exchange-leg-head">
            <span className="leg-label">{t('ui.exchange.from')}</span>
            <span className="caption num">
              {t('ui.exchange.available', { amount: formatAmount(balance?.available ?? '0', from) })}
            </span>
          </div>
          <div className="exchange-leg-body">
            <CurrencySelect
              label={t('ui.exchange.fromCurrency')}
              value={from}
              options={currencies}
              onChange={pickFrom}
              testId="exchange-from"
            />
            <input
              className="amount-input num"
              autoComplete="off"
              {...amountField}
              aria-label={t('ui.exchange.amount', { currency: from })}
              aria-invalid={error ? true : undefined}
              aria-describedby={rulesId}
              data-testid="exchange-amount"
            />
            <button
              type="button"
              className="amount-action"
              onClick={() => setAmountInput(sanitiseAmountInput(balance?.withdrawable ?? '', scaleOf(from)))}
              data-testid="exchange-max"
            >
              {t('ui.exchange.max')}
            </button>
          </div>
          {error ? (
            <span className="field-error" role="alert">
              {error}
            </span>
          ) : null}
          {min !== undefined ? (
            <span className="caption num" data-testid="exchange-min">
              {t('ui.exchange.min', { amount: formatAmount(min, from) })}
            </span>
          ) : null}
          {inTransit !== null ? (
            <span className="caption num" data-testid="exchange-in-transit">
              {t('ui.exchange.inTransit', { amount: formatAmount(inTransit, from), currency: from })}
            </span>
          ) : null}
        </div>
        <div className="exchange-swap">
          <button
            type="button"
            className="swap-button"
            onClick={swap}
            aria-label={t('ui.exchange.swap')}
            data-testid="exchange-swap"
          >
            <SwapIcon />
          </button>
          <span className="caption num" data-testid="exchange-rate" aria-live="polite">
            {rate
              ? t('ui.exchange.rateLine', { from, rate: formatPrice(rate.rate), to })
              : rates.isError
                ? t('ui.exchange.rateError')
                : t('ui.common.loading')}
            {rate ? (
              <span className="rate-time"> · {t('ui.exchange.rateAt', { time: formatClock(rate.updatedAt) })}</span>
            ) : null}
          </span>
        </div>
        <div className="exchange-leg">
          <div className="exchange-leg-head">
            <span className="leg-label">{t('ui.exchange.to')}</span>
          </div>
          <div className="exchange-leg-body">
            <CurrencySelect
              label={t('ui.exchange.toCurrency')}
              value={to}
              options={currencies}
              onChange={pickTo}
              testId="exchange-to"
            />
            <output className="amount-output num" data-testid="exchange-receive" aria-label={t('ui.exchange.receive')}>
              {receive !== null ? formatAmount(receive, to) : '--'}
            </output>
          </div>
        </div>
        <p className="caption">{t('ui.exchange.note')}</p>
        <RuleList rules={rules} id={rulesId} testIdPrefix="exchange-rule-" />
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            disabled={rules.length > 0 || !rate || busy}
            aria-describedby={rulesId}
            data-testid="exchange-submit"
          >
            {t('ui.exchange.submit')}
          </Button>
        </div>
      </form>
      {result ? <ExchangeResult result={result} /> : null}
      <ConfirmSheet quote={quote} busy={busy} onCancel={() => setQuote(null)} onConfirm={() => void confirm()} />
      {loader}
    </>
  );
}

/**
 * `/information/exChange` (spec §2 currency exchange): from and to currencies (the enabled
 * ones, with a swap), the amount with "max" = withdrawable of `from` (in-transit proceeds cannot
 * be exchanged, §10.7), the minimum of `from`, the rate of `/funds/rates`
 * (refreshed every 30 s, with its time), the amount received computed exactly, and a
 * confirmation sheet before `/funds/exchange` with a `requestId`.
 */
function ExchangeBody() {
  const assets = useAllAssets();
  const accounts = assets.data?.accounts;
  const currencies = useMemo(() => orderedCurrencies((accounts ?? []).map((a) => a.currency)), [accounts]);
  const balances = useMemo(
    () =>
      new Map(
        (accounts ?? []).map(
          (a) =>
            [a.currency, { available: a.available, inTransit: a.inTransit, withdrawable: a.withdrawable }] as const,
        ),
      ),
    [accounts],
  );
  let body: ReactNode;
  if (assets.isPending)
    body = (
      <section className="card">
        <Loading rows={5} />
      </section>
    );
  else if (assets.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void assets.refetch()} />
      </section>
    );
  else body = <ExchangeForm currencies={currencies} balances={balances} />;
  return body;
}

export default function ExchangePage() {
  const { t } = useTranslation();
  return (
    <MoneyPage title={t('ui.page.exChange')}>
      <ExchangeBody />
    </MoneyPage>
  );
}
