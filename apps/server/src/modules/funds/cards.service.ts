/** Bank cards and crypto wallets (docs/api.md §11) with the masking of §1.8. */
import type { Card, SecondFactorProof, Wallet } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { lockUserById, requireKyc, type SecondFactorPort, type UserRow } from '../auth/index.js';
import * as repo from './funds.repository.js';
import { maskCardNumber, sameName } from './masking.js';
import type { UploadsPort } from './uploads-port.js';

export function toCard(c: repo.CardRow): Card {
  return {
    cardId: c.id,
    holder: c.holder,
    numberMasked: maskCardNumber(c.cardNumber),
    bankName: c.bankName,
    branch: c.branch,
    bankCode: c.bankCode,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toWallet(w: repo.WalletRow, uploads: UploadsPort): Wallet {
  return {
    walletId: w.id,
    type: w.type,
    address: w.address,
    qrImageUrl: uploads.url(w.qrImageId),
    createdAt: w.createdAt.toISOString(),
  };
}

/** The user's row, locked: card and wallet changes of one user run one at a time. */
async function lockedUserOf(tx: Tx, userId: string): Promise<UserRow> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  return user;
}

export async function listCards(db: Db, uploads: UploadsPort, userId: string) {
  return {
    cards: (await repo.liveCards(db, userId)).map(toCard),
    wallets: (await repo.liveWallets(db, userId)).map((w) => toWallet(w, uploads)),
  };
}

/** Rules: [KYC] → card.holder_mismatch → card.exists. */
export async function addCard(
  tx: Tx,
  clock: Clock,
  secondFactor: SecondFactorPort,
  userId: string,
  body: { holder: string; cardNumber: string; bankName: string; branch: string; bankCode: string } & SecondFactorProof,
): Promise<Card> {
  const user = await lockedUserOf(tx, userId);
  requireKyc(user);
  if (!sameName(body.holder, user.realName)) throw new DomainError('card.holder_mismatch');
  if ((await repo.liveCards(tx, userId)).some((c) => c.cardNumber === body.cardNumber))
    throw new DomainError('card.exists');
  // the second factor when two-step verification is on (docs/api.md §23.1): last, so a refusal above uses no code
  await secondFactor.require(tx, user, body);
  const row = await repo.insertCard(tx, {
    id: newId('c'),
    userId,
    cardNumber: body.cardNumber,
    bankName: body.bankName,
    branch: body.branch,
    bankCode: body.bankCode,
    holder: body.holder.trim(),
    createdAt: clock.now(),
  });
  if (!row) throw new DomainError('card.not_found');
  return toCard(row);
}

/** Rules: card.not_found → card.not_owned → funds.operation_pending. */
export async function deleteCard(tx: Tx, clock: Clock, userId: string, cardId: string): Promise<void> {
  await lockedUserOf(tx, userId);
  const card = await repo.findCard(tx, cardId);
  if (!card) throw new DomainError('card.not_found');
  if (card.userId !== userId) throw new DomainError('card.not_owned');
  if (await repo.hasPendingFundOperation(tx, userId)) throw new DomainError('funds.operation_pending');
  await repo.markCardDeleted(tx, cardId, clock.now());
}

/** Wallet type configured and QR upload (400) → [KYC] → wallet.exists. */
export async function addWallet(
  tx: Tx,
  clock: Clock,
  settings: Settings,
  uploads: UploadsPort,
  secondFactor: SecondFactorPort,
  userId: string,
  body: { type: string; address: string; qrImageId: string } & SecondFactorProof,
): Promise<Wallet> {
  const user = await lockedUserOf(tx, userId);
  if (!settings.get('wallet.types').includes(body.type))
    throw new DomainError('request.invalid', { fields: { type: 'enum' } });
  const id = newId('wl');
  await uploads.claim(tx, {
    userId,
    imageId: body.qrImageId,
    purpose: 'wallet_qr',
    usedBy: `wallet:${id}`,
    field: 'qrImageId',
  });
  requireKyc(user);
  if ((await repo.liveWallets(tx, userId)).some((w) => w.type === body.type && w.address === body.address))
    throw new DomainError('wallet.exists');
  // the second factor when two-step verification is on (docs/api.md §23.1): last, so a refusal above uses no code
  await secondFactor.require(tx, user, body);
  const row = await repo.insertWallet(tx, {
    id,
    userId,
    type: body.type,
    address: body.address,
    qrImageId: body.qrImageId,
    createdAt: clock.now(),
  });
  if (!row) throw new DomainError('wallet.not_found');
  return toWallet(row, uploads);
}

/** Rules: wallet.not_found → card.not_owned → funds.operation_pending. */
export async function deleteWallet(tx: Tx, clock: Clock, userId: string, walletId: string): Promise<void> {
  await lockedUserOf(tx, userId);
  const wallet = await repo.findWallet(tx, walletId);
  if (!wallet) throw new DomainError('wallet.not_found');
  if (wallet.userId !== userId) throw new DomainError('card.not_owned');
  if (await repo.hasPendingFundOperation(tx, userId)) throw new DomainError('funds.operation_pending');
  await repo.markWalletDeleted(tx, walletId, clock.now());
}
