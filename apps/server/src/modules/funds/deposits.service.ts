/**
 * Deposits (docs/api.md §10.1–§10.2): channels from config, a proof upload, one pending deposit
 * at a time, and nothing credited until the back office approves (§3.3).
 */
import {
  fitsCurrencyScale,
  Money,
  type Currency,
  type DepositChannel,
  type DepositChannelConfig,
  type DepositRecord,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { isWindowOpen } from '../../platform/fund-window.js';
import { newId, newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { lockUserById, requireKyc } from '../auth/index.js';
import * as repo from './funds.repository.js';
import type { UploadsPort } from './uploads-port.js';
import { initialReviewState } from '../review/index.js';

/** A channel with its effective window and bounds (§1.11: null → `deposit.window` and the currency's limits). */
export function effectiveChannel(settings: Settings, c: DepositChannelConfig, now: Date): DepositChannel {
  const timezone = settings.get('funds.timezone');
  const window = c.window ?? settings.get('deposit.window');
  const limits = settings.get(`deposit.limits.${c.currency}`);
  return {
    channelId: c.id,
    type: c.type,
    currency: c.currency,
    name: c.name,
    accountName: c.accountName ?? null,
    accountNumber: c.accountNumber ?? null,
    bankName: c.bankName ?? null,
    branch: c.branch ?? null,
    network: c.network ?? null,
    address: c.address ?? null,
    qrImageUrl: c.qrImageUrl ?? null,
    min: c.min ?? limits.min,
    max: c.max ?? limits.max,
    window: { open: window.open, close: window.close },
    days: window.days,
    timezone,
    inWindow: isWindowOpen(window, timezone, now),
  };
}

export function depositChannels(settings: Settings, now: Date, currency?: Currency): DepositChannel[] {
  return settings
    .get('deposit.channels')
    .filter((c) => c.enabled !== false && (!currency || c.currency === currency))
    .map((c) => effectiveChannel(settings, c, now));
}

export function toDepositRecord(d: repo.DepositRow): DepositRecord {
  return {
    id: d.id,
    orderNo: d.orderNo,
    channelId: d.channelId,
    currency: d.currency,
    amount: d.amount.toString(),
    state: d.state as DepositRecord['state'],
    createdAt: d.createdAt.toISOString(),
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    rejectReason: d.state === 'rejected' ? d.reason : null,
  };
}

/** Rules: [KYC] → record.not_found → deposit.outside_window → below_min → above_max → pending_exists. */
export async function submitDeposit(
  tx: Tx,
  clock: Clock,
  settings: Settings,
  uploads: UploadsPort,
  userId: string,
  body: { channelId: string; amount: string; proofImageId: string },
): Promise<DepositRecord> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  const id = newId('d');
  // the proof reference is part of the 400 checks, before the business rules (§1.2)
  await uploads.claim(tx, {
    userId,
    imageId: body.proofImageId,
    purpose: 'deposit_proof',
    usedBy: `deposit:${id}`,
    field: 'proofImageId',
  });
  requireKyc(user);
  const now = clock.now();
  const config = settings.get('deposit.channels').find((c) => c.id === body.channelId && c.enabled !== false);
  if (!config) throw new DomainError('record.not_found');
  const channel = effectiveChannel(settings, config, now);
  if (!channel.inWindow)
    throw new DomainError('deposit.outside_window', { open: channel.window.open, close: channel.window.close });
  // the amount is in the channel's currency, known only now: at most its scale (docs/api.md §1.4)
  if (!fitsCurrencyScale(body.amount, channel.currency))
    throw new DomainError('request.invalid', { fields: { amount: 'too_many_decimals' } });
  const amount = Money.of(body.amount, channel.currency);
  if (amount.isLessThan(Money.of(channel.min, channel.currency)))
    throw new DomainError('deposit.below_min', { min: channel.min, currency: channel.currency });
  if (amount.isGreaterThan(Money.of(channel.max, channel.currency)))
    throw new DomainError('deposit.above_max', { max: channel.max, currency: channel.currency });
  if (await repo.pendingDeposit(tx, userId)) throw new DomainError('deposit.pending_exists');
  const row = await repo.insertDeposit(tx, {
    id,
    orderNo: newOrderNo('D', now),
    userId,
    channelId: channel.channelId,
    channelSnapshot: JSON.stringify(channel),
    currency: channel.currency,
    amount: amount.amount,
    proofImageId: body.proofImageId,
    state: initialReviewState(),
    createdAt: now,
  });
  if (!row) throw new DomainError('record.not_found');
  return toDepositRecord(row);
}
