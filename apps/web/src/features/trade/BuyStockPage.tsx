import type { OrderType, Side } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, call } from '../../api/client';
import { mergeInstrument, useLiveQuote, useLiveQuotes } from '../../api/live-quotes';
import { useQuote, type QuoteData } from '../market';
import { refreshAfterTrade, useTradePreview, type PreviewData, type PreviewRequest } from './trade-queries';
import { ChartIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { WayForward } from '../../components/WayForward';
import {
  formatAmount,
  formatMoney,
  formatPrice,
  isPositiveAmount,
  languageTags,
  sanitiseAmountInput,
  toWireAmount,
} from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { useSession } from '../../store/session';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { codeText, DetailRow, MoneyPage, useMoneySubmit } from '../../components/MoneyParts';
import { useAmountInput } from '../../components/useAmountInput';
import { LotsStepper } from './LotsStepper';
import { lotUnit, minLotsFor, openingText, orderGate, tpSlProblems, type OrderGate } from './order-rules';
import { ConfirmSheet } from './TradeParts';
import './trade-rules.css';

export const PREVIEW_DEBOUNCE_MS = 300;
const PRICE_DECIMALS = 8;

type BuyBody = Omit<PreviewRequest, 'requestId'>;

function priceOrNull(input: string): string | null {
  const wire = toWireAmount(input);
  return wire !== '' && isPositiveAmount(wire) ? wire : null;
}

/** The all-in ticket of `/trade/preview` (docs/api.md §9.1); `prefix` names the rows' test ids. */
export function Ticket({ preview, prefix }: { preview: PreviewData; prefix: string }) {
  const { t } = useTranslation();
  const c = preview.currency;
  const row = (key: string, label: string, value: ReactNode) => (
    <DetailRow label={label} testId={`${prefix}${key}`}>
      <span className="num">{value}</span>
    </DetailRow>
  );
  return (
    <dl className="detail-list">
      {row('price', t('ui.ticket.price'), formatPrice(preview.price))}
      {row('contract', t('ui.ticket.contractAmount'), formatAmount(preview.contractAmount, c))}
      {row('margin', t('ui.ticket.margin'), formatAmount(preview.margin, c))}
      {row('open-fee', t('ui.ticket.openFee'), formatAmount(preview.openFee, c))}
      {row('close-fee', t('ui.ticket.estCloseFee'), formatAmount(preview.estCloseFee, c))}
      {row('stamp-duty', t('ui.ticket.estStampDuty'), formatAmount(preview.estStampDuty, c))}
      {row('total', t('ui.ticket.total'), <strong>{formatAmount(preview.total, c)}</strong>)}
      {row('stop-out', t('ui.ticket.stopOutPrice'), formatPrice(preview.stopOutPrice))}
      {preview.lossAtStopLoss !== null
        ? row('loss-at-sl', t('ui.ticket.lossAtStopLoss'), formatAmount(preview.lossAtStopLoss, c))
        : null}
      {preview.profitAtTakeProfit !== null
        ? row('profit-at-tp', t('ui.ticket.profitAtTakeProfit'), formatAmount(preview.profitAtTakeProfit, c))
        : null}
      {row('worst-case', t('ui.ticket.worstCaseLoss'), <strong>{formatAmount(preview.worstCaseLoss, c)}</strong>)}
    </dl>
  );
}

/**
 * A price typed and shown the language's way ("61,5" in German, "61.5" in English; either mark is
 * read as the point), kept and sent as a decimal string with a point (`value`, `onChange`).
 */
function PriceInput({
  label,
  value,
  onChange,
  testId,
  locale,
  action,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  locale: string;
  action?: ReactNode;
  error?: string | null;
}) {
  const errorId = useId();
  const amountInput = useAmountInput(value, (typed) => onChange(sanitiseAmountInput(typed, PRICE_DECIMALS)), locale);
  return (
    <div className="order-field-wrap">
      <label className="order-field">
        <span className="order-label">{label}</span>
        <span className={error ? 'order-control invalid' : 'order-control'}>
          <input
            className="num"
            autoComplete="off"
            {...amountInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid={testId}
          />
          {action}
        </span>
      </label>
      {error ? (
        <p id={errorId} className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The decimals of a lot size as written ("0.001" → 3), so "0.001 BTC" keeps them. */
function lotSizeText(lotSize: string): string {
  const places = lotSize.includes('.') ? lotSize.split('.')[1]!.replace(/0+$/, '').length : 0;
  return formatMoney(lotSize, undefined, places);
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** Rule 3 in words: the market closed (and when it opens, in the user's time) or a market order outside the regular session. */
function gateText(gate: OrderGate, t: Translate, locale: string): string | null {
  if (gate.kind === 'open') return null;
  const time = gate.opensAt === null ? null : openingText(gate.opensAt, locale);
  if (gate.kind === 'closed') return time === null ? t('ui.rules.marketClosed') : t('ui.rules.closedOpens', { time });
  return time === null ? t('ui.rules.regularOnlyNoTime') : t('ui.rules.regularOnly', { time });
}

/** Rule 9 in words: nothing in the instrument's currency, or less than margin + fee of the lots chosen. */
function fundsText(preview: PreviewData, t: Translate): string {
  const c = preview.currency;
  if (!isPositiveAmount(preview.available)) return t('ui.rules.noFunds', { currency: c });
  return t('ui.rules.notEnough', {
    currency: c,
    required: formatAmount(preview.total, c),
    available: formatAmount(preview.available, c),
  });
}

/** The ways to money in `currency`: a deposit and an exchange, each opening with it chosen. */
function FundsWays({ currency, testIdPrefix }: { currency: string; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <span className="order-funds-ways">
      <Link
        to={`/information/recharge?currency=${encodeURIComponent(currency)}`}
        className="inline-link"
        data-testid={`${testIdPrefix}deposit`}
      >
        {t('ui.rules.deposit')}
      </Link>
      <Link
        to={`/information/exChange?to=${encodeURIComponent(currency)}`}
        className="inline-link"
        data-testid={`${testIdPrefix}exchange`}
      >
        {t('ui.rules.exchange')}
      </Link>
    </span>
  );
}

/**
 * The balance against margin + opening fee (§9.2 rule 9) before the press: with nothing in the
 * instrument's currency the way to a deposit and to an exchange (USD and USDT start empty), with
 * too little for the lots chosen what they need against what there is.
 */
function FundsNotice({ preview }: { preview: PreviewData }) {
  const { t } = useTranslation();
  const empty = !isPositiveAmount(preview.available);
  return (
    <div className="field-error order-funds" role="alert" data-testid="order-funds" data-empty={empty ? '1' : '0'}>
      <p>{fundsText(preview, t)}</p>
      <p>
        <FundsWays currency={preview.currency} testIdPrefix="order-" />
      </p>
    </div>
  );
}

interface Review {
  body: BuyBody;
  preview: PreviewData;
}

function OrderForm({ quote, initialSide }: { quote: QuoteData; initialSide: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useLiveQuotes([quote.instrumentId]);
  const live = mergeInstrument(quote, useLiveQuote(quote.instrumentId));
  const [side, setSide] = useState<Side>(initialSide);
  const [orderType, setOrderType] = useState<OrderType>('limit');
  const [priceInput, setPriceInput] = useState(() => quote.price ?? '');
  const minOpening = quote.rules.minOpeningAmount;
  // a lot is lotSize units: one share, a fraction of a coin, 1,000 of a currency (docs/decisions.md)
  const lotSize = quote.lotSize;
  const unit = lotUnit(quote);
  const countText = (count: number) => t(unit === null ? 'ui.shares' : 'ui.lots', { count });
  // the default quantity meets the minimum opening amount at the price shown (docs/api.md §9.2 rule 8)
  const [lots, setLots] = useState(() => minLotsFor(quote.price, minOpening, lotSize));
  const [leverage, setLeverage] = useState(() => quote.rules.leverageOptions[0] ?? 1);
  const [tpInput, setTpInput] = useState('');
  const [slInput, setSlInput] = useState('');
  const [review, setReview] = useState<Review | null>(null);
  const reasonId = useId();

  const price = priceOrNull(priceInput);
  const typedTp = priceOrNull(tpInput);
  const typedSl = priceOrNull(slInput);
  // the rules of /trade/buy checked as the user types, against the limit price or the live price
  const reference = orderType === 'limit' ? price : live.price;
  const problems = tpSlProblems(side, reference, typedTp, typedSl);
  const minLots = minLotsFor(reference, minOpening, lotSize);
  const belowMinimum = lots < minLots;
  const now = useNow(15_000);
  const locale = languageTags[useSession((s) => s.language)];
  const gate = orderGate(orderType, quote.rules, live.inSession, now);
  const gateReason = gateText(gate, t, locale);
  // a TP/SL on the wrong side is not priced: the ticket would show a loss "at take-profit"
  const takeProfit = problems.takeProfit ? null : typedTp;
  const stopLoss = problems.stopLoss ? null : typedSl;
  const refText = formatPrice(reference);
  const body = useMemo<BuyBody | null>(() => {
    if (orderType === 'limit' && price === null) return null;
    return {
      instrumentId: quote.instrumentId,
      side,
      orderType,
      ...(orderType === 'limit' ? { price } : {}),
      lots,
      leverage,
      ...(takeProfit !== null ? { takeProfit } : {}),
      ...(stopLoss !== null ? { stopLoss } : {}),
    };
  }, [quote.instrumentId, side, orderType, price, lots, leverage, takeProfit, stopLoss]);
  const debounced = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = useTradePreview(debounced);
  const ticket = preview.data;
  const leverageOptions = ticket?.leverageOptions ?? quote.rules.leverageOptions;
  const previewError =
    preview.error instanceof ApiError && preview.error.code ? codeText(preview.error.code, preview.error.params) : null;
  const current =
    body !== null && debounced === body && !preview.isFetching && !preview.isError && ticket !== undefined;
  // rule 9 before the press: more lots than available covers at margin + fee (0 lots with nothing)
  const shortOfFunds = ticket !== undefined && lots > ticket.maxLots;
  const blocked =
    problems.takeProfit !== undefined ||
    problems.stopLoss !== undefined ||
    belowMinimum ||
    gate.kind !== 'open' ||
    shortOfFunds;
  // the first reason the button is disabled, repeated beside it: the rule itself may be out of view
  // short of funds first: the ways to money sit by the button too, where a phone shows them
  const fundsFirst = gateReason === null && shortOfFunds && ticket !== undefined;
  const footerReason =
    gateReason ??
    (fundsFirst ? fundsText(ticket, t) : null) ??
    (belowMinimum ? codeText('order.below_opening_amount', { min: minOpening, currency: quote.currency }) : null);

  const send = useCallback((b: BuyBody, requestId: string) => call('tradeBuy', { ...b, requestId }), []);
  const { submit, busy, loader } = useMoneySubmit(send);

  const confirm = async () => {
    if (!review) return;
    try {
      const done = await submit(review.body);
      if (!done) return;
      setReview(null);
      void refreshAfterTrade(queryClient);
      // where the new order shows: a limit order rests in "in progress"; a fill is on its market's tab
      const tab =
        review.body.orderType === 'limit'
          ? 'pending'
          : quote.market === 'crypto' || quote.market === 'forex'
            ? quote.market
            : 'holdings';
      navigate(`/trade/index?tab=${tab}`);
    } catch {
      // The client showed the translated reason; the sheet stays open so the same requestId can be resent.
    }
  };

  return (
    <>
      <section className="card order-head">
        <h2 className="order-name">
          {quote.name} <span className="caption">{quote.code}</span>
        </h2>
        <span className="num strong" data-testid="order-current-price">
          {formatPrice(live.price)}
        </span>
      </section>
      <form
        className="form card order-form"
        noValidate
        aria-label={t('ui.page.buyStockDetail')}
        onSubmit={(event) => {
          event.preventDefault();
          if (current && body && !blocked) setReview({ body, preview: ticket });
        }}
      >
        <div className="chips order-sides" role="radiogroup" aria-label={t('ui.order.side.label')}>
          {(['long', 'short'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={side === s}
              className={`chip side-chip ${s === 'long' ? 'up' : 'down'}`}
              onClick={() => setSide(s)}
              data-testid={`order-side-${s}`}
            >
              {t(`ui.order.side.${s}`)}
            </button>
          ))}
        </div>
        <div className="chips" role="radiogroup" aria-label={t('ui.order.type.label')}>
          {(['limit', 'market'] as const).map((o) => (
            <button
              key={o}
              type="button"
              role="radio"
              aria-checked={orderType === o}
              className="chip"
              onClick={() => setOrderType(o)}
              data-testid={`order-type-${o}`}
            >
              {t(`ui.order.type.${o}`)}
            </button>
          ))}
        </div>
        {orderType === 'limit' ? (
          <PriceInput
            label={t('ui.order.price')}
            value={priceInput}
            onChange={setPriceInput}
            testId="order-price"
            locale={locale}
            action={
              <button
                type="button"
                className="amount-action"
                onClick={() => setPriceInput(live.price ?? '')}
                disabled={!live.price}
                data-testid="order-use-current"
              >
                {t('ui.order.useCurrent')}
              </button>
            }
          />
        ) : (
          <p className="caption">{t('ui.order.marketNote')}</p>
        )}
        {gateReason !== null ? (
          <p className="field-error order-gate" role="alert" data-testid="order-gate" data-gate={gate.kind}>
            {gateReason}
          </p>
        ) : null}
        <div className="order-field">
          <span className="order-label">{t(unit === null ? 'ui.order.lots' : 'ui.order.lotsInLots')}</span>
          <LotsStepper
            value={lots}
            onChange={setLots}
            label={t(unit === null ? 'ui.order.lots' : 'ui.order.lotsInLots')}
          />
          <p className="caption num" data-testid="order-lot-size">
            {t('ui.order.lotSize', {
              quantity: unit === null ? t('ui.shares', { count: 1 }) : `${lotSizeText(lotSize)} ${unit}`,
            })}
          </p>
          <p
            className={belowMinimum ? 'field-error' : 'caption'}
            role={belowMinimum ? 'alert' : undefined}
            data-testid="order-min-lots"
            data-below={belowMinimum ? '1' : '0'}
          >
            {belowMinimum
              ? codeText('order.below_opening_amount', { min: minOpening, currency: quote.currency })
              : t(unit === null ? 'ui.rules.minOpening' : 'ui.rules.minOpeningLots', {
                  amount: formatAmount(minOpening, quote.currency),
                  count: minLots,
                })}
            {belowMinimum ? (
              <>
                {' '}
                <button
                  type="button"
                  className="amount-action"
                  onClick={() => setLots(minLots)}
                  data-testid="order-use-min"
                >
                  {countText(minLots)}
                </button>
              </>
            ) : null}
          </p>
        </div>
        <div className="order-field">
          <span className="order-label">{t('ui.order.leverage')}</span>
          <div className="chips" role="radiogroup" aria-label={t('ui.order.leverage')}>
            {leverageOptions.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={leverage === n}
                className="chip"
                onClick={() => setLeverage(n)}
                data-testid={`order-leverage-${n}`}
              >
                {t('ui.order.leverageChip', { n })}
              </button>
            ))}
          </div>
        </div>
        <PriceInput
          label={t('ui.order.takeProfit')}
          value={tpInput}
          onChange={setTpInput}
          testId="order-tp"
          locale={locale}
          error={problems.takeProfit ? t(`ui.rules.${problems.takeProfit}`, { price: refText }) : null}
        />
        <PriceInput
          label={t('ui.order.stopLoss')}
          value={slInput}
          onChange={setSlInput}
          testId="order-sl"
          locale={locale}
          error={problems.stopLoss ? t(`ui.rules.${problems.stopLoss}`, { price: refText }) : null}
        />

        <section
          className="quiet-card ticket"
          aria-live="polite"
          aria-label={t('ui.ticket.title')}
          data-testid="order-ticket"
        >
          {ticket ? <Ticket preview={ticket} prefix="ticket-" /> : preview.isFetching ? <Loading rows={4} /> : null}
          {previewError ? (
            <p className="field-error" role="alert" data-testid="order-preview-error">
              {previewError}
            </p>
          ) : null}
          {ticket ? (
            <p className="caption num" data-testid="ticket-available" data-max-lots={ticket.maxLots}>
              {t('ui.ticket.availableShares', {
                amount: formatAmount(ticket.available, ticket.currency),
                shares: countText(ticket.maxLots),
              })}
            </p>
          ) : null}
          {ticket && shortOfFunds ? <FundsNotice preview={ticket} /> : null}
        </section>
        <div className="form-footer order-footer">
          {footerReason !== null ? (
            <p className="caption order-footer-reason" data-testid="order-submit-reason">
              <span id={reasonId}>{footerReason}</span>
              {fundsFirst ? (
                <>
                  {' '}
                  <FundsWays currency={ticket.currency} testIdPrefix="order-footer-" />
                </>
              ) : null}
            </p>
          ) : null}
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            disabled={!current || busy || blocked}
            aria-describedby={footerReason !== null ? reasonId : undefined}
            data-testid="order-submit"
          >
            {t(side === 'long' ? 'ui.order.submitLong' : 'ui.order.submitShort')}
          </Button>
        </div>
      </form>
      <ConfirmSheet
        open={review !== null}
        title={t('ui.order.confirmTitle')}
        confirmText={t('ui.order.confirm')}
        busy={busy}
        onCancel={() => setReview(null)}
        onConfirm={() => void confirm()}
        testId="order-sheet"
        confirmTestId="order-confirm"
      >
        {review ? (
          <>
            <p className="strong">
              {t(`ui.order.side.${review.body.side}`)} · {t(`ui.order.type.${review.body.orderType}`)} ·{' '}
              {countText(review.body.lots)} · {t('ui.order.leverageChip', { n: review.body.leverage })}
            </p>
            <Ticket preview={review.preview} prefix="confirm-ticket-" />
          </>
        ) : null}
      </ConfirmSheet>
      {loader}
    </>
  );
}

/**
 * `/market/buyStockDetail?id=…&side=long|short` (docs/ui.md "Order form"): side, order type, limit
 * price with the current price one tap away, lots, leverage, optional take-profit and
 * stop-loss, the all-in ticket of `/trade/preview` (debounced 300 ms), a confirmation sheet
 * repeating it, and `/trade/buy` with a kept `requestId`.
 */
export default function BuyStockPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const side: Side = params.get('side') === 'short' ? 'short' : 'long';
  const quote = useQuote(id || undefined);
  let body: ReactNode;
  if (!id) {
    body = (
      <WayForward
        icon={<ChartIcon />}
        title={t('ui.page.buyStockDetail')}
        text={t('ui.missingId.instrument')}
        testId="order-missing-id"
        ways={[
          { label: t('ui.notFound.market'), to: '/market/index', testId: 'order-missing-market' },
          { label: t('ui.page.search'), to: '/favorite/search', testId: 'order-missing-search' },
        ]}
      />
    );
  } else if (quote.isPending)
    body = (
      <section className="card">
        <Loading rows={6} />
      </section>
    );
  else if (quote.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void quote.refetch()} />
      </section>
    );
  else body = <OrderForm key={quote.data.instrumentId} quote={quote.data} initialSide={side} />;
  return (
    <MoneyPage title={t('ui.page.buyStockDetail')} loginText={t('ui.order.loginText')}>
      {body}
    </MoneyPage>
  );
}
