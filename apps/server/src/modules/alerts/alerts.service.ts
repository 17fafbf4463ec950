/**
 * Price alerts (docs/api.md §22.1–§22.2): create, list, cancel. Values are exact decimals (`Dec`),
 * never floats.
 *
 * Concurrency: a create locks the user's row first, so two creates of one user run one after the
 * other and `alert.too_many` and `alert.duplicate` hold under parallel calls (the partial unique
 * index `alerts_one_active_duplicate` is the belt). A cancel goes through the conditional update
 * (`state = 'active'`), so a cancel racing a firing ends the alert once.
 */
import {
  ALERT_DEFAULT_DAYS,
  ALERT_MAX_DAYS,
  Dec,
  formatPrice,
  priceAlertKinds,
  type Alert,
  type AlertKind,
  type alertCancelRequest,
  type alertCreateRequest,
  type alertListRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, InvalidRequest } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { lockUserById } from '../auth/index.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './alerts.repository.js';
import type { AlertRow } from './alerts.repository.js';
import { initialAlertState, transitionAlert } from './alerts.states.js';

export const DAY_MS = 86_400_000;

export interface AlertsDeps {
  clock: Clock;
  settings: Settings;
  feed: Pick<MarketFeed, 'instrument' | 'quote'>;
}

/** The day's change rate of a quote (price / prevClose − 1), exact; null without a previous close. */
export function changeRateOf(quote: { price: string; prevClose: string }): Dec | null {
  const prev = new Dec(quote.prevClose);
  if (!prev.gt(0)) return null;
  return new Dec(quote.price).dividedBy(prev).minus(1);
}

/** Whether `kind`/`value` is met by the quote (§22.1): price ≥ / ≤ value, change ≥ value / ≤ −value. */
export function isMet(kind: AlertKind, value: Dec, quote: { price: string; prevClose: string }): boolean {
  const price = new Dec(quote.price);
  switch (kind) {
    case 'price_above':
      return price.gte(value);
    case 'price_below':
      return price.lte(value);
    case 'change_up': {
      const change = changeRateOf(quote);
      return change !== null && change.gte(value);
    }
    case 'change_down': {
      const change = changeRateOf(quote);
      return change !== null && change.lte(value.negated());
    }
  }
}

/** A value on the wire: a price at the instrument's scale, a rate without trailing zeros. */
export function valueString(kind: AlertKind, value: string, priceScale: number): string {
  return priceAlertKinds.includes(kind) ? formatPrice(new Dec(value), priceScale) : new Dec(value).toString();
}

export function toAlert(deps: Pick<AlertsDeps, 'feed'>, row: AlertRow): Alert {
  const def = deps.feed.instrument(row.instrumentId);
  const scale = def?.priceScale ?? 8;
  let lastPrice: string | null = null;
  if (def) {
    try {
      lastPrice = deps.feed.quote(row.instrumentId).price;
    } catch {
      lastPrice = null;
    }
  }
  return {
    id: row.id,
    instrumentId: row.instrumentId,
    code: def?.code ?? row.instrumentId,
    name: def?.name ?? row.instrumentId,
    market: (def?.market ?? 'us') as Alert['market'],
    kind: row.kind,
    value: valueString(row.kind, row.value, scale),
    repeat: row.repeat,
    note: row.note,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    triggeredAt: row.triggeredAt ? row.triggeredAt.toISOString() : null,
    triggerPrice: row.triggerPrice === null ? null : formatPrice(new Dec(row.triggerPrice), scale),
    lastPrice,
  };
}

/** §22.1: product.not_found → alert.too_many → alert.duplicate → alert.already_met. */
export async function createAlert(
  tx: Tx,
  deps: AlertsDeps,
  userId: string,
  body: z.infer<typeof alertCreateRequest>,
): Promise<Alert> {
  const now = deps.clock.now();
  const def = deps.feed.instrument(body.instrumentId);
  if (!def) throw new DomainError('product.not_found');
  const quote = deps.feed.quote(body.instrumentId);
  if (quote.status === 'delisted') throw new DomainError('product.not_found');
  const value = new Dec(body.value);
  if (priceAlertKinds.includes(body.kind) && value.decimalPlaces() > def.priceScale) {
    throw new InvalidRequest({ value: 'too_many_decimals' });
  }
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : new Date(now.getTime() + ALERT_DEFAULT_DAYS * DAY_MS);
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + ALERT_MAX_DAYS * DAY_MS) {
    throw new InvalidRequest({ expiresAt: 'out_of_range' });
  }

  // one create of a user at a time: the count and the duplicate check hold under parallel calls
  await lockUserById(tx, userId);
  const max = deps.settings.get('alert.maxActive');
  if ((await repo.countActiveOf(tx, userId)) >= max) throw new DomainError('alert.too_many', { max });
  // at most 8 decimals (the request schema): stored exactly; numeric equality makes "1.5" and "1.50" one value
  const stored = value.toString();
  const candidate = { userId, instrumentId: def.instrumentId, kind: body.kind, value: stored, repeat: body.repeat };
  if (await repo.findActiveDuplicate(tx, candidate)) throw new DomainError('alert.duplicate');
  if (isMet(body.kind, value, quote)) {
    throw new DomainError('alert.already_met', { price: formatPrice(new Dec(quote.price), def.priceScale) });
  }
  const row = await repo.insertAlert(tx, {
    id: newId('al'),
    ...candidate,
    note: body.note,
    state: initialAlertState(),
    createdAt: now,
    expiresAt,
  });
  return toAlert(deps, row);
}

export async function listAlerts(
  db: Db,
  deps: Pick<AlertsDeps, 'feed'>,
  userId: string,
  body: z.infer<typeof alertListRequest>,
): Promise<{ list: Alert[]; total: number; page: number; size: number }> {
  const { rows, total } = await repo.alertsOfUser(
    db,
    userId,
    { states: body.states, instrumentId: body.instrumentId },
    body.page,
    body.size,
  );
  return { list: rows.map((r) => toAlert(deps, r)), total, page: body.page, size: body.size };
}

/** §22.2: record.not_found for an unknown or another user's alert, alert.not_active once it ended. */
export async function cancelAlert(
  tx: Tx,
  deps: AlertsDeps,
  userId: string,
  body: z.infer<typeof alertCancelRequest>,
): Promise<Alert> {
  const row = await repo.lockAlert(tx, body.alertId);
  if (!row || row.userId !== userId) throw new DomainError('record.not_found');
  if (row.state !== 'active') throw new DomainError('alert.not_active');
  const now = deps.clock.now();
  const ended = await transitionAlert(tx, row, 'cancel', { endedAt: now });
  if (!ended) throw new DomainError('alert.not_active');
  await repo.insertAlertEvent(tx, {
    id: newId('ae'),
    alertId: row.id,
    userId,
    instrumentId: row.instrumentId,
    state: ended.state,
    price: null,
    at: now,
  });
  return toAlert(deps, ended);
}
