import type { Market, OrderState } from '@brokerage/contract';
import { PullToRefresh } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLiveQuotes } from '../../api/live-quotes';
import { useIsLoggedIn } from '../../api/queries';
import { useUserStockLists, type OrderData, type StockListData } from './trade-queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { TabStrip } from '../../components/TabStrip';
import { direction, formatAmount, formatPrice, formatSignedAmount } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { usePriceFlash } from '../market';
import { useSession } from '../../store/session';
import { SubscriptionRecords } from '../new-shares';
import { floats, useLiveFigures, useLiveTotal } from './live-pnl';
import { PnlFigure, PositionButtons, SELLABLE_TICK_MS, usePositionAction, type Action } from './PositionAction';
import { OrderStateTag, SideTag } from './TradeParts';
import { quantityKey } from './order-rules';

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

function PositionRow({ order, now, onAction }: { order: OrderData; now: number; onAction: (action: Action) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figures = useLiveFigures(order);
  const { flashClass, flashKey } = usePriceFlash(figures.currentPrice ?? '');
  const open = () => {
    navigate(`/trade/positionDetail?id=${encodeURIComponent(order.orderId)}`);
  };
  const ended = order.state === 'closed' || order.state === 'cancelled';
  return (
    <li className="position-row" data-testid={`position-row-${order.orderId}`}>
      <button type="button" className="position-main" onClick={open}>
        <span className="position-name">
          <strong data-testid={`position-code-${order.orderId}`}>{order.code}</strong>{' '}
          <span className="caption">{order.name}</span>
        </span>
        <span className="position-tags">
          <SideTag side={order.side} />{' '}
          <span className="tag" data-testid={`position-leverage-${order.orderId}`}>
            {t('ui.order.leverageChip', { n: order.leverage })}
          </span>{' '}
          <OrderStateTag state={order.state} />
        </span>
        <span className="position-figures caption num">
          <span>{t(quantityKey(order), { count: order.lots })}</span>
          {order.costPrice === null ? (
            <span>
              {t('ui.orderField.price')}: {formatPrice(order.price)}
            </span>
          ) : (
            <span>
              {t('ui.position.costPrice')}: {formatPrice(order.costPrice)}
            </span>
          )}
          {order.state === 'closed' ? (
            <span data-testid={`position-sell-price-${order.orderId}`}>
              {t('ui.orderField.closePrice')}: {formatPrice(order.closePrice)}
            </span>
          ) : ended ? null : (
            <span>
              {t('ui.position.currentPrice')}:{' '}
              <span key={flashKey} className={flashClass} data-testid={`position-price-${order.orderId}`}>
                {formatPrice(figures.currentPrice)}
              </span>
            </span>
          )}
          {floats(order) ? (
            <span data-testid={`position-value-${order.orderId}`}>
              {t('ui.orderField.marketValue')}: {formatAmount(figures.marketValue, order.currency)}
            </span>
          ) : null}
        </span>
        <span className="position-pnl">
          <PnlFigure
            order={order}
            profitLoss={figures.profitLoss}
            live={figures.live}
            testId={`position-profit-loss-${order.orderId}`}
          />
        </span>
      </button>
      <PositionButtons order={order} now={now} onAction={onAction} />
    </li>
  );
}

function PositionTotal({ data }: { data: StockListData }) {
  const { t } = useTranslation();
  const total = useLiveTotal(data.list, data.totalProfitLoss, data.currency);
  return (
    <section className="card position-total" aria-live="off">
      <span className="position-total-label">
        <span className="caption">{t('ui.position.totalProfitLoss')}</span>
        {data.list.some(floats) ? <span className="caption muted live-note">{t('ui.tradeLive.liveNote')}</span> : null}
      </span>
      <span className={`num strong ${direction(total)}`} data-testid="position-profit-loss-total">
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
  const { ask, sheet } = usePositionAction();
  // one clock for the list: a "sellable from" Close turns on by itself when the time comes
  const now = useNow(SELLABLE_TICK_MS);

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
              <PositionRow key={order.orderId} order={order} now={now} onAction={ask} />
            ))}
          </ul>
        )}
      </PullToRefresh>
      {sheet}
    </>
  );
}

/**
 * `/trade/index` (spec §2 tab page, docs/api.md §9.6): holdings, in progress, ended, digital
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
  const types: readonly Market[] =
    tab === 'crypto'
      ? ['crypto']
      : tab === 'forex'
        ? ['forex']
        : tab === 'pending'
          ? [stock, 'crypto', 'forex']
          : [stock];
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
