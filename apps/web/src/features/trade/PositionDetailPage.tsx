import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { useLiveQuotes } from '../../api/live-quotes';
import { useIsLoggedIn } from '../../api/queries';
import { refreshAfterTrade, useTradeDetail, type OrderDetailData } from '../../api/trade-queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { direction, formatAmount, formatPrice, formatSignedAmount, isPositiveAmount, sanitiseAmountInput, toWireAmount } from '../../lib/format';
import { DetailRow, Timeline, timeText } from '../funds/FundsParts';
import { usePriceFlash } from '../market/usePriceFlash';
import { floats, useLiveFigures } from './live-pnl';
import { OrderStateTag, SideTag } from './TradeParts';

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
  const field = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <label className="order-field">
      <span className="order-label">{label}</span>
      <span className="order-control">
        <input className="num" inputMode="decimal" autoComplete="off" placeholder="--" value={value} onChange={(e) => set(sanitiseAmountInput(e.target.value, 8))} data-testid={testId} />
      </span>
    </label>
  );
  return (
    <section className="card form" aria-label={t('ui.position.tpsl')}>
      <h2>{t('ui.position.tpsl')}</h2>
      {field(t('ui.order.takeProfit'), tp, setTp, 'detail-tp')}
      {field(t('ui.order.stopLoss'), sl, setSl, 'detail-sl')}
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
    <DetailRow label={t(`ui.orderField.${key}`)} testId={`detail-${key}`}>
      <span className="num">{value}</span>
    </DetailRow>
  );
  const money = (v: string | null) => (v === null ? '--' : formatAmount(v, c));
  const signed = (v: string | null) => (v === null ? '--' : <span className={direction(v)}>{formatSignedAmount(v, c)}</span>);
  // open positions float with the live price (same formula as the server, live-pnl.ts)
  useLiveQuotes(floats(order) ? [order.instrumentId] : []);
  const figures = useLiveFigures(order);
  const { flashClass, flashKey } = usePriceFlash(figures.currentPrice ?? '');
  return (
    <>
      <section className="card">
        <h2>
          {order.name} <span className="caption">{order.code}</span>
        </h2>
        <p>
          <SideTag side={order.side} /> <OrderStateTag state={order.state} />
        </p>
        <dl className="detail-list">
          {row('orderNo', order.orderNo)}
          {row('orderType', t(`ui.order.type.${order.orderType}`))}
          {row('source', t(`ui.orderSource.${order.source}`))}
          {row('lots', order.lots)}
          {row('leverage', t('ui.order.leverageChip', { n: order.leverage }))}
          {row('price', formatPrice(order.price))}
          {row('costPrice', formatPrice(order.costPrice))}
          {row('currentPrice', <span key={flashKey} className={flashClass}>{formatPrice(figures.currentPrice)}</span>)}
          {row('closePrice', formatPrice(order.closePrice))}
          {row('contractAmount', money(order.contractAmount))}
          {row('marketValue', money(figures.marketValue))}
          {row('margin', money(order.margin))}
          {row('openFee', money(order.openFee))}
          {row('closeFee', money(order.closeFee))}
          {row('stampDuty', money(order.stampDuty))}
          {row('takeProfit', formatPrice(order.takeProfit))}
          {row('stopLoss', formatPrice(order.stopLoss))}
          {row('stopOutPrice', formatPrice(order.stopOutPrice))}
          {row('yingkui', <span data-live={figures.live ? '1' : '0'}>{signed(figures.yingkui)}</span>)}
          {row('actualProfit', signed(order.actualProfit))}
          {row('todayProfit', signed(order.todayProfit))}
          {row('yesterdayProfit', signed(order.yesterdayProfit))}
          {row('expectedIncome', signed(order.expectedIncome))}
          {row('createdAt', timeText(order.createdAt))}
          {row('openedAt', timeText(order.openedAt))}
          {row('closedAt', timeText(order.closedAt))}
          {row('lockUntil', timeText(order.lockUntil))}
          {row('sellableAt', timeText(order.sellableAt))}
          {row('cancelReason', order.cancelReason ? t(`ui.cancelReason.${order.cancelReason}`) : '--')}
          {row('closeReason', order.closeReason ? t(`ui.closeReason.${order.closeReason}`) : '--')}
        </dl>
      </section>
      <section className="card">
        <h2>{t('ui.position.history')}</h2>
        <Timeline
          label={t('ui.position.history')}
          steps={order.history.map((h, i) => ({ step: `${i}-${h.state}`, label: t(`ui.orderState.${h.state}`), at: h.at, reason: h.reason ? t(`ui.historyReason.${h.reason}`, { defaultValue: h.reason }) : null, done: true }))}
        />
      </section>
      {order.state === 'pending' || order.state === 'holding' ? <TpSlForm key={`${order.takeProfit}-${order.stopLoss}`} order={order} /> : null}
    </>
  );
}

/** `/trade/positionDetail?id=…` (API.md §5.2, §9.5, §9.7): every order field, the history and TP/SL. */
export default function PositionDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const detail = useTradeDetail(params.get('id') ?? '');
  let body: ReactNode;
  if (!loggedIn) body = <LoginPrompt message={t('ui.position.loginText')} />;
  else if (detail.isPending) body = <section className="card"><Loading rows={8} /></section>;
  else if (detail.isError) body = <section className="card"><ErrorRetry onRetry={() => void detail.refetch()} /></section>;
  else body = <OrderDetailView order={detail.data} />;
  return <SubPage title={t('ui.page.positionDetail')}>{body}</SubPage>;
}
