/** Close and cancel of a position, shared by the positions list and the position detail. */
import type { Currency, OrderState } from '@brokerage/contract';

type PnlOrder = { state: OrderState; contractAmount: string; margin: string; currency: Currency };
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useLiveQuote } from '../../api/live-quotes';
import { useQuote } from '../market';
import { refreshAfterTrade } from './trade-queries';
import { direction, formatAmount, formatChangeRate, formatSignedAmount } from '../../lib/format';
import { timeText, useMoneySubmit } from '../../components/MoneyParts';
import { closeGate, pnlRate, quantityKey, type MarketHours } from './order-rules';
import { ConfirmSheet } from './TradeParts';
import './trade-rules.css';

/** How often a screen re-checks "sellable from" against the clock. */
export const SELLABLE_TICK_MS = 15_000;

/**
 * P&L with its percentage of the margin, or, for an order that never opened, its labelled
 * amount. `testId` names the amount itself (`data-live` says a frame priced it), `-rate` the percentage.
 */
export function PnlFigure({
  order,
  profitLoss,
  live,
  testId,
  headline = false,
}: {
  order: PnlOrder;
  profitLoss: string;
  live: boolean;
  testId: string;
  headline?: boolean;
}) {
  const { t } = useTranslation();
  const className = headline ? 'pnl-figure headline' : 'pnl-figure';
  if (order.state === 'pending' || order.state === 'cancelled') {
    return (
      <span className={className}>
        <span className="caption">{t('ui.position.orderValue')}</span>{' '}
        <span className="num strong" data-testid={testId} data-live="0">
          {formatAmount(order.contractAmount, order.currency)}
        </span>
      </span>
    );
  }
  const rate = pnlRate(profitLoss, order.margin);
  return (
    <span className={`${className} num strong ${direction(profitLoss)}`}>
      <span data-testid={testId} data-live={live ? '1' : '0'}>
        {formatSignedAmount(profitLoss, order.currency)}
      </span>
      {rate !== null ? (
        <span className="pnl-rate" data-testid={`${testId}-rate`} title={t('ui.position.rateNote')}>
          ({formatChangeRate(rate)})
        </span>
      ) : null}
    </span>
  );
}

export interface ActionOrder {
  orderId: string;
  instrumentId: string;
  name: string;
  code: string;
  market: string;
  lots: number;
  state: OrderState;
  sellableAt: string | null;
  lockUntil: string | null;
}

export type Action = { kind: 'close' | 'cancel'; order: ActionOrder };

/** The confirmation sheet and the call behind it; `ask` opens the sheet for one order. */
export function usePositionAction(): { ask: (action: Action) => void; sheet: ReactNode } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const send = useCallback(
    (body: { kind: 'close' | 'cancel'; orderId: string }, requestId: string) =>
      body.kind === 'close'
        ? call('tradeClose', { orderId: body.orderId, requestId })
        : call('tradeCancel', { orderId: body.orderId, requestId }),
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
  const sheet = (
    <>
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
            {t(action.kind === 'cancel' ? 'ui.position.cancelTextShares' : 'ui.position.closeTextShares', {
              name: action.order.name,
              code: action.order.code,
              shares: t(quantityKey(action.order), { count: action.order.lots }),
            })}
          </p>
        ) : null}
      </ConfirmSheet>
      {loader}
    </>
  );
  return { ask: setAction, sheet };
}

/**
 * The trading time of an instrument's market: the sessions and time zone of `/market/quote`'s
 * rules (one query per instrument, shared with the other screens), whether it is in session from
 * the live frame when one came, else from the quote. Null until the quote is in.
 */
function useMarketHours(instrumentId: string): MarketHours | null {
  const quote = useQuote(instrumentId);
  const live = useLiveQuote(instrumentId);
  const rules = quote.data?.rules;
  if (!rules) return null;
  return { timezone: rules.timezone, sessions: rules.sessions, inSession: live?.inSession ?? rules.inSession };
}

/** `HH:mm` in the reader's time zone. */
function clockText(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The Close (holding, locked) or Cancel (pending) of one order. A position that cannot be closed
 * now shows why ("sellable from …", "locked until …", "market closed, opens at …") beside a
 * disabled Close, so no rule fails only after the confirmation (docs/ui.md). `now` is the caller's
 * clock (one per list). The opening is shown as a clock time only (see `nextSessionOpen`).
 */
export function PositionButtons({
  order,
  now,
  onAction,
  block = false,
}: {
  order: ActionOrder;
  now: number;
  onAction: (action: Action) => void;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const market = useMarketHours(order.instrumentId);
  if (order.state === 'pending') {
    return (
      <Button
        block={block}
        size={block ? 'large' : 'small'}
        onClick={() => onAction({ kind: 'cancel', order })}
        data-testid={`position-cancel-${order.orderId}`}
      >
        {t('ui.position.cancel')}
      </Button>
    );
  }
  const gate = closeGate(order, now, market);
  if (gate.kind === 'none') return null;
  const note =
    gate.kind === 'sellableAt'
      ? t('ui.rules.sellableFrom', { time: timeText(gate.at) })
      : gate.kind === 'locked'
        ? t('ui.rules.lockedUntil', { time: timeText(gate.until) })
        : gate.kind === 'marketClosed'
          ? gate.opensAt === null
            ? t('ui.rules.marketClosed')
            : t('ui.rules.marketClosedOpens', { time: clockText(gate.opensAt) })
          : null;
  return (
    <span className={`position-close${block ? ' block' : ''}${note ? ' with-note' : ''}`}>
      <Button
        block={block}
        size={block ? 'large' : 'small'}
        color="primary"
        fill={block ? 'solid' : 'outline'}
        disabled={gate.kind !== 'open'}
        aria-describedby={note ? noteId : undefined}
        onClick={() => onAction({ kind: 'close', order })}
        data-testid={`position-close-${order.orderId}`}
      >
        {t('ui.position.close')}
      </Button>
      {note ? (
        <span
          id={noteId}
          className="caption num position-close-note"
          data-testid={`position-sellable-${order.orderId}`}
        >
          {note}
        </span>
      ) : null}
    </span>
  );
}
