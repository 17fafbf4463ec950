import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { useLiveQuotes } from '../../api/live-quotes';
import { useIsLoggedIn } from '../../api/queries';
import { refreshAfterTrade, useTradeDetail, type OrderDetailData } from './trade-queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import {
  direction,
  formatAmount,
  formatPrice,
  formatSignedAmount,
  isPositiveAmount,
  sanitiseAmountInput,
  toWireAmount,
} from '../../lib/format';
import { DetailRow, Timeline, timeText } from '../../components/MoneyParts';
import { usePriceFlash } from '../market';
import { floats, useLiveFigures } from './live-pnl';
import { TradeIcon } from '../../components/Icons';
import { WayForward } from '../../components/WayForward';
import { useAmountInput } from '../../components/useAmountInput';
import { useNow } from '../../lib/useNow';
import { PnlFigure, PositionButtons, SELLABLE_TICK_MS, usePositionAction } from './PositionAction';
import { OrderStateTag, SideTag } from './TradeParts';
import { quantityKey } from './order-rules';

/** A take-profit or stop-loss price, in the reader's decimal mark. */
function TpSlField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const price = useAmountInput(value, (typed) => onChange(sanitiseAmountInput(typed, 8)));
  return (
    <label className="order-field">
      <span className="order-label">{label}</span>
      <span className="order-control">
        <input className="num" autoComplete="off" {...price} placeholder="--" data-testid={testId} />
      </span>
    </label>
  );
}

function TpSlForm({ order }: { order: OrderDetailData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tp, setTp] = useState(order.takeProfit ?? '');
  const [sl, setSl] = useState(order.stopLoss ?? '');
  const [busy, setBusy] = useState(false);
  const wire = (input: string) => {
    const value = toWireAmount(input);
    return value !== '' && isPositiveAmount(value) ? value : null;
  };
  const save = async () => {
    setBusy(true);
    try {
      await call('tradeSetTpSl', { orderId: order.orderId, takeProfit: wire(tp), stopLoss: wire(sl) });
      void refreshAfterTrade(queryClient);
    } catch {
      // The client toasted the translated reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card form" aria-label={t('ui.position.tpsl')}>
      <h2>{t('ui.position.tpsl')}</h2>
      <TpSlField label={t('ui.order.takeProfit')} value={tp} onChange={setTp} testId="detail-tp" />
      <TpSlField label={t('ui.order.stopLoss')} value={sl} onChange={setSl} testId="detail-sl" />
      <p className="caption">{t('ui.position.tpslNote')}</p>
      <Button block color="primary" onClick={() => void save()} disabled={busy} data-testid="detail-tpsl-save">
        {t('ui.common.save')}
      </Button>
    </section>
  );
}

function OrderDetailView({ order }: { order: OrderDetailData }) {
  const { t } = useTranslation();
  const c = order.currency;
  const row = (key: string, value: ReactNode) => (
    <DetailRow key={key} label={t(`ui.orderField.${key}`)} testId={`detail-${key}`}>
      <span className="num">{value}</span>
    </DetailRow>
  );
  const money = (v: string | null) => (v === null ? '--' : formatAmount(v, c));
  const signed = (v: string | null) =>
    v === null ? '--' : <span className={direction(v)}>{formatSignedAmount(v, c)}</span>;
  // open positions float with the live price (same formula as the server, live-pnl.ts)
  useLiveQuotes(floats(order) ? [order.instrumentId] : []);
  const figures = useLiveFigures(order);
  const { flashClass, flashKey } = usePriceFlash(figures.currentPrice ?? '');
  const now = useNow(SELLABLE_TICK_MS);
  const { ask, sheet } = usePositionAction();
  const ended = order.state === 'closed' || order.state === 'cancelled';
  const currentPrice = (
    <span key={flashKey} className={flashClass}>
      {formatPrice(figures.currentPrice)}
    </span>
  );

  // the figures a trader looks at first; everything else is folded under "All details"
  const key: ReactNode[] = [
    row('lots', t(quantityKey(order), { count: order.lots })),
    order.costPrice === null ? row('price', formatPrice(order.price)) : row('costPrice', formatPrice(order.costPrice)),
    order.state === 'closed'
      ? row('closePrice', formatPrice(order.closePrice))
      : ended
        ? null
        : row('currentPrice', currentPrice),
    floats(order) ? row('marketValue', money(figures.marketValue)) : null,
    row('margin', money(order.margin)),
    order.state === 'closed'
      ? row('actualProfit', signed(order.actualProfit))
      : floats(order)
        ? row('expectedIncome', signed(order.expectedIncome))
        : null,
    floats(order) || order.state === 'pending' ? row('takeProfit', formatPrice(order.takeProfit)) : null,
    floats(order) || order.state === 'pending' ? row('stopLoss', formatPrice(order.stopLoss)) : null,
    floats(order) ? row('stopOutPrice', formatPrice(order.stopOutPrice)) : null,
  ].filter(Boolean);
  return (
    <>
      <section className="card position-head" data-testid="detail-head">
        <h2>
          <span data-testid="detail-code">{order.code}</span> <span className="caption">{order.name}</span>
        </h2>
        <p className="position-tags start">
          <SideTag side={order.side} /> <span className="tag">{t('ui.order.leverageChip', { n: order.leverage })}</span>{' '}
          <OrderStateTag state={order.state} />
        </p>
        <div className="position-headline">
          {order.state === 'pending' || order.state === 'cancelled' ? null : (
            <span className="caption">{t('ui.orderField.profitLoss')}</span>
          )}
          <PnlFigure
            order={order}
            profitLoss={figures.profitLoss}
            live={figures.live}
            testId="detail-headline"
            headline
          />
        </div>
        {order.state === 'pending' || order.state === 'holding' || order.state === 'locked' ? (
          <div className="position-head-action">
            <PositionButtons order={order} now={now} onAction={ask} block />
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="detail-key-title">
        <h2 id="detail-key-title" className="sr-only">
          {t('ui.page.positionDetail')}
        </h2>
        <dl className="detail-list">{key}</dl>
        <details className="more-details" data-testid="detail-more">
          <summary>{t('ui.position.moreDetails')}</summary>
          <dl className="detail-list">
            {row('orderNo', order.orderNo)}
            {row('orderType', t(`ui.order.type.${order.orderType}`))}
            {row('source', t(`ui.orderSource.${order.source}`))}
            {row('leverage', t('ui.order.leverageChip', { n: order.leverage }))}
            {row('price', formatPrice(order.price))}
            {row('contractAmount', money(order.contractAmount))}
            {row('openFee', money(order.openFee))}
            {row('closeFee', money(order.closeFee))}
            {row('stampDuty', money(order.stampDuty))}
            {row('profitLoss', <span data-live={figures.live ? '1' : '0'}>{signed(figures.profitLoss)}</span>)}
            {row('todayProfit', signed(order.todayProfit))}
            {row('yesterdayProfit', signed(order.yesterdayProfit))}
            {row('createdAt', timeText(order.createdAt))}
            {row('openedAt', timeText(order.openedAt))}
            {row('closedAt', timeText(order.closedAt))}
            {row('lockUntil', timeText(order.lockUntil))}
            {row('sellableAt', timeText(order.sellableAt))}
            {row('cancelReason', order.cancelReason ? t(`ui.cancelReason.${order.cancelReason}`) : '--')}
            {row('closeReason', order.closeReason ? t(`ui.closeReason.${order.closeReason}`) : '--')}
          </dl>
          <p className="caption">{t('ui.position.rateNote')}</p>
        </details>
      </section>
      <section className="card">
        <h2>{t('ui.position.history')}</h2>
        <Timeline
          label={t('ui.position.history')}
          steps={order.history.map((h, i) => ({
            step: `${i}-${h.state}`,
            label: t(`ui.orderState.${h.state}`),
            at: h.at,
            reason: h.reason ? t(`ui.historyReason.${h.reason}`, { defaultValue: h.reason }) : null,
            done: true,
          }))}
        />
      </section>
      {order.state === 'pending' || order.state === 'holding' ? (
        <TpSlForm key={`${order.takeProfit}-${order.stopLoss}`} order={order} />
      ) : null}
      {sheet}
    </>
  );
}

/**
 * `/trade/positionDetail?id=…` (docs/api.md §5.2, §9.5, §9.7): the headline P&L with its percentage,
 * the Close (or when it becomes possible), the key figures, the rest folded, the full history
 * and TP/SL. Without an id: a way to the positions, never a skeleton that waits for nothing.
 */
export default function PositionDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const id = params.get('id') ?? '';
  const detail = useTradeDetail(id);
  let body: ReactNode;
  if (!loggedIn) body = <LoginPrompt message={t('ui.position.loginText')} />;
  else if (!id) {
    body = (
      <WayForward
        icon={<TradeIcon />}
        title={t('ui.page.positionDetail')}
        text={t('ui.missingId.position')}
        testId="detail-missing-id"
        ways={[
          { label: t('ui.notFound.positions'), to: '/trade/index', testId: 'detail-missing-positions' },
          { label: t('ui.notFound.market'), to: '/market/index', testId: 'detail-missing-market' },
        ]}
      />
    );
  } else if (detail.isPending)
    body = (
      <section className="card">
        <Loading rows={8} />
      </section>
    );
  else if (detail.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void detail.refetch()} />
      </section>
    );
  else body = <OrderDetailView order={detail.data} />;
  return <SubPage title={t('ui.page.positionDetail')}>{body}</SubPage>;
}
