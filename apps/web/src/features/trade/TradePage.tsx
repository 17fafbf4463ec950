import type { Market, OrderState } from '@brokerage/contract';
import { Button, PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { useLiveQuotes } from '../../api/live-quotes';
import { useIsLoggedIn } from '../../api/queries';
import { refreshAfterTrade, useUserStockLists, type OrderData, type StockListData } from '../../api/trade-queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { TabStrip } from '../../components/TabStrip';
import { direction, formatAmount, formatPrice, formatSignedAmount } from '../../lib/format';
import { usePriceFlash } from '../market/usePriceFlash';
import { useSession } from '../../store/session';
import { useMoneySubmit } from '../funds/FundsParts';
import { SubscriptionRecords } from '../new-shares/SubscriptionRecords';
import { floats, useLiveFigures, useLiveTotal } from './live-pnl';
import { ConfirmSheet, OrderStateTag, SideTag } from './TradeParts';

export const tradeTabs = ['holdings', 'pending', 'ended', 'crypto', 'forex', 'subscription'] as const;
export type TradeTab = (typeof tradeTabs)[number];

const HOLDING_STATES: readonly OrderState[] = ['holding', 'locked', 'closing'];
const tabStates: Record<Exclude<TradeTab, 'subscription'>, readonly OrderState[]> = {
  holdings: HOLDING_STATES,
  pending: ['pending'],
  ended: ['closed', 'cancelled'],
  crypto: HOLDING_STATES,
  forex: HOLDING_STATES,
};

function isTradeTab(value: string | null): value is TradeTab {
  return value !== null && (tradeTabs as readonly string[]).includes(value);
}

type Action = { kind: 'close' | 'cancel'; order: OrderData };

function PositionRow({ order, onAction }: { order: OrderData; onAction: (action: Action) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figures = useLiveFigures(order);
  const { flashClass, flashKey } = usePriceFlash(figures.currentPrice ?? '');
  const tone = direction(figures.yingkui);
  const open = () => { navigate(`/trade/positionDetail?id=${encodeURIComponent(order.orderId)}`); };
  return (
    <li className="position-row" data-testid={`position-row-${order.orderId}`}>
      <button type="button" className="position-main" onClick={open}>
        <span className="position-name">
          <strong>{order.name}</strong> <span className="caption">{order.code}</span>
        </span>
        <span className="position-tags">
          <SideTag side={order.side} /> <OrderStateTag state={order.state} />
        </span>
        <span className="position-figures caption num">
          <span>{t('ui.position.lots')}: {order.lots}</span>
          {order.costPrice === null ? (
            <span>{t('ui.orderField.price')}: {formatPrice(order.price)}</span>
          ) : (
            <span>{t('ui.position.costPrice')}: {formatPrice(order.costPrice)}</span>
          )}
          <span>
            {t('ui.position.currentPrice')}:{' '}
            <span key={flashKey} className={flashClass} data-testid={`position-price-${order.orderId}`}>{formatPrice(figures.currentPrice)}</span>
          </span>
          {floats(order) ? (
            <span data-testid={`position-value-${order.orderId}`}>{t('ui.orderField.marketValue')}: {formatAmount(figures.marketValue, order.currency)}</span>
          ) : null}
        </span>
        <span className={`position-pnl num strong ${tone}`} data-testid={`position-yingkui-${order.orderId}`} data-live={figures.live ? '1' : '0'}>
          {formatSignedAmount(figures.yingkui, order.currency)}
        </span>
      </button>
      {order.state === 'pending' ? (
        <Button size="small" onClick={() => onAction({ kind: 'cancel', order })} data-testid={`position-cancel-${order.orderId}`}>
          {t('ui.position.cancel')}
        </Button>
      ) : null}
      {order.state === 'holding' ? (
        <Button size="small" color="primary" fill="outline" onClick={() => onAction({ kind: 'close', order })} data-testid={`position-close-${order.orderId}`}>
          {t('ui.position.close')}
        </Button>
      ) : null}
    </li>
  );
}

function PositionTotal({ data }: { data: StockListData }) {
  const { t } = useTranslation();
  const total = useLiveTotal(data.list, data.totalYingkui, data.currency);
  return (
    <section className="card position-total" aria-live="off">
      <span className="position-total-label">
        <span className="caption">{t('ui.position.totalYingkui')}</span>
        {data.list.some(floats) ? <span className="caption muted live-note">{t('ui.tradeLive.liveNote')}</span> : null}
      </span>
      <span className={`num strong ${direction(total)}`} data-testid="position-yingkui-total">
        {formatSignedAmount(total, data.currency)}
      </span>
    </section>
  );
}

/** Newest `openedAt` (else `createdAt`) first, as the server orders one market (§9.6). */
function byNewest(a: OrderData, b: OrderData): number {
  const ka = a.openedAt ?? a.createdAt;
  const kb = b.openedAt ?? b.createdAt;
  return ka < kb ? 1 : ka > kb ? -1 : 0;
}

function PositionList({ types, states }: { types: readonly Market[]; states: readonly OrderState[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const results = useUserStockLists(types, states);
  const answers = results.map((r) => r.data);
  const single = types.length === 1 ? answers[0] : undefined;
  // several markets (the in-progress tab): one list, newest first
  const orders = useMemo(
    () => (answers.length === 1 ? (answers[0]?.list ?? []) : answers.flatMap((a) => a?.list ?? []).sort(byNewest)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the answers' identities are the inputs
    answers,
  );
  useLiveQuotes(orders.map((o) => o.instrumentId));
  const refetch = async () => {
    await Promise.all(results.map((r) => r.refetch()));
  };
  const [action, setAction] = useState<Action | null>(null);
  const send = useCallback(
    (body: { kind: 'close' | 'cancel'; orderId: string }, requestId: string) =>
      body.kind === 'close' ? call('tradeClose', { orderId: body.orderId, requestId }) : call('tradeCancel', { orderId: body.orderId, requestId }),
    [],
  );
  const { submit, busy, loader } = useMoneySubmit(send);
  const confirm = async () => {
    if (!action) return;
    try {
      const done = await submit({ kind: action.kind, orderId: action.order.orderId });
      if (!done) return;
      setAction(null);
      void refreshAfterTrade(queryClient);
    } catch {
      // The reason was toasted; the sheet stays so the same requestId can be resent.
    }
  };

  if (results.some((r) => r.isPending)) return <Loading rows={4} />;
  if (results.some((r) => r.isError)) return <ErrorRetry onRetry={() => void refetch()} />;
  return (
    <>
      {single ? <PositionTotal data={single} /> : null}
      <PullToRefresh
        onRefresh={refetch}
        pullingText={t('ui.pull.pulling')}
        canReleaseText={t('ui.pull.release')}
        refreshingText={t('ui.pull.refreshing')}
        completeText={t('ui.pull.complete')}
      >
        {orders.length === 0 ? (
          <Empty text={t('ui.position.empty')} />
        ) : (
          <ul className="position-list">
            {orders.map((order) => (
              <PositionRow key={order.orderId} order={order} onAction={setAction} />
            ))}
          </ul>
        )}
      </PullToRefresh>
      <ConfirmSheet
        open={action !== null}
        title={t(action?.kind === 'cancel' ? 'ui.position.cancelTitle' : 'ui.position.closeTitle')}
        confirmText={t(action?.kind === 'cancel' ? 'ui.position.cancelConfirm' : 'ui.position.closeConfirm')}
        busy={busy}
        onCancel={() => setAction(null)}
        onConfirm={() => void confirm()}
        testId="position-sheet"
        confirmTestId="position-confirm"
      >
        {action ? (
          <p data-testid="position-sheet-text">
            {t(action.kind === 'cancel' ? 'ui.position.cancelText' : 'ui.position.closeText', {
              name: action.order.name,
              code: action.order.code,
              lots: action.order.lots,
            })}
          </p>
        ) : null}
      </ConfirmSheet>
      {loader}
    </>
  );
}

/**
 * `/trade/index` (spec §2 tab page, API.md §9.6): holdings, in progress, ended, digital
 * currency, forex and subscription. The first three follow the header's market switch.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const stock = useSession((s) => s.stock);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TradeTab = isTradeTab(tabParam) ? tabParam : 'holdings';
  // crypto and forex have no header switch: their pending orders show in "in progress" too
  const types: readonly Market[] = tab === 'crypto' ? ['crypto'] : tab === 'forex' ? ['forex'] : tab === 'pending' ? [stock, 'crypto', 'forex'] : [stock];
  return (
    <div className="trade-page" data-testid="trade-page">
      <h1 className="sr-only">{t('ui.page.trade')}</h1>
      <TabStrip
        tabs={tradeTabs.map((key) => ({ key, label: t(`ui.position.tab.${key}`) }))}
        active={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        label={t('ui.page.trade')}
        testIdPrefix="trade-tab-"
        sticky
      />
      <div className="page-body" role="tabpanel" aria-label={t(`ui.position.tab.${tab}`)}>
        {!loggedIn ? (
          <LoginPrompt message={t('ui.position.loginText')} />
        ) : tab === 'subscription' ? (
          <SubscriptionRecords />
        ) : (
          <PositionList key={`${tab}-${types.join(',')}`} types={types} states={tabStates[tab]} />
        )}
      </div>
    </div>
  );
}
