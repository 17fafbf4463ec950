/**
 * Review queues of the back office (API.md §19.3, §3.3, §3.4) for `kyc`, `deposit` and
 * `withdraw`. The other queues (loan, quota, block, day_trade) belong to later issues and are
 * empty until their records exist. Every decision locks its record and checks `pending`
 * under the lock, so a second decision answers `review.not_pending` and moves nothing.
 */
import { Dec, formatAmount, type Currency, type ReviewItem } from '@brokerage/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { usersRepository, type UserRow } from '../auth/index.js';
import { sendMessage } from '../engagement/index.js';
import { credit, postEntry, release, type HouseAccountKind, type PostingSpec } from '../ledger/index.js';
import { deposits, kycSubmissions, withdrawals, cards, wallets } from './funds.tables.js';
import type { DepositRow, KycRow, WithdrawalRow } from './funds.repository.js';
import { maskCardNumber, maskIdNumber } from './masking.js';
import type { UploadsPort } from './uploads-port.js';

type Queue = ReviewItem['queue'];
type State = ReviewItem['state'];

export interface ReviewDeps {
  clock: Clock;
  uploads: UploadsPort;
}

const tables = { kyc: kycSubmissions, deposit: deposits, withdraw: withdrawals } as const;
type BuiltQueue = keyof typeof tables;
const isBuilt = (q: Queue): q is BuiltQueue => q in tables;

async function userOf(db: Db, userId: string): Promise<UserRow> {
  const user = await usersRepository.findUserById(db, userId);
  if (!user) throw new DomainError('account.not_found');
  return user;
}

function base(queue: Queue, id: string, user: UserRow, r: { state: string; reviewedBy: string | null; reviewedAt: Date | null; reason: string | null }, submittedAt: Date) {
  return {
    id, queue, userId: user.id, account: user.phone, realname: user.realname, state: r.state as State, submittedAt: submittedAt.toISOString(),
    reviewedBy: r.reviewedBy, reviewedAt: r.reviewedAt?.toISOString() ?? null, reason: r.reason,
  };
}

async function kycItem(db: Db, deps: ReviewDeps, r: KycRow): Promise<ReviewItem> {
  const user = await userOf(db, r.userId);
  return {
    ...base('kyc', r.id, user, r, r.submittedAt), amount: null, currency: null,
    details: { name: r.name, idNumber: r.idNumber, frontImageUrl: deps.uploads.url(r.frontImageId), backImageUrl: deps.uploads.url(r.backImageId) },
  };
}

async function depositItem(db: Db, deps: ReviewDeps, r: DepositRow): Promise<ReviewItem> {
  const user = await userOf(db, r.userId);
  return {
    ...base('deposit', r.id, user, r, r.createdAt), amount: formatAmount(r.amount, r.currency as Currency), currency: r.currency as Currency,
    details: { channelId: r.channelId, orderNo: r.orderNo, channel: JSON.parse(r.channelSnapshot) as unknown, proofImageUrl: deps.uploads.url(r.proofImageId) },
  };
}

async function withdrawItem(db: Db, r: WithdrawalRow): Promise<ReviewItem> {
  const user = await userOf(db, r.userId);
  let destination: Record<string, unknown> = { kind: r.destinationKind };
  if (r.destinationKind === 'card') {
    const [c] = await db.select().from(cards).where(eq(cards.id, r.destinationId));
    if (c) destination = { kind: 'card', holder: c.holder, cardNumber: c.cardNumber, bankName: c.bankName, branch: c.branch, bankCode: c.bankCode };
  } else {
    const [w] = await db.select().from(wallets).where(eq(wallets.id, r.destinationId));
    if (w) destination = { kind: 'wallet', type: w.type, address: w.address };
  }
  return {
    ...base('withdraw', r.id, user, r, r.createdAt), amount: formatAmount(r.amount, r.currency as Currency), currency: r.currency as Currency,
    details: { orderNo: r.orderNo, destination, fee: formatAmount(r.fee, r.currency as Currency), withdrawableAtSubmit: formatAmount(r.withdrawableAtSubmit, r.currency as Currency), unpaidLoan: false },
  };
}

async function itemOf(db: Db, deps: ReviewDeps, queue: BuiltQueue, row: KycRow | DepositRow | WithdrawalRow): Promise<ReviewItem> {
  if (queue === 'kyc') return kycItem(db, deps, row as KycRow);
  if (queue === 'deposit') return depositItem(db, deps, row as DepositRow);
  return withdrawItem(db, row as WithdrawalRow);
}

/** `pending` oldest first, other states newest first (§19.3). */
export async function reviewList(db: Db, deps: ReviewDeps, body: { queue: Queue; states: State[]; userId?: string; page: number; size: number }) {
  const { page, size } = body;
  if (!isBuilt(body.queue)) return { list: [], total: 0, page, size };
  const t = tables[body.queue];
  const when = body.queue === 'kyc' ? kycSubmissions.submittedAt : body.queue === 'deposit' ? deposits.createdAt : withdrawals.createdAt;
  const where = and(inArray(t.state, body.states), body.userId ? eq(t.userId, body.userId) : undefined);
  const onlyPending = body.states.length === 1 && body.states[0] === 'pending';
  const rows = await db.select().from(t).where(where).orderBy(onlyPending ? asc(when) : desc(when)).limit(size).offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const list: ReviewItem[] = [];
  for (const r of rows) list.push(listView(await itemOf(db, deps, body.queue, r)));
  return { list, total: total?.n ?? 0, page, size };
}

/**
 * The queue list shows no full ID or card numbers and no image links: those are in the
 * detail, whose read is audited (§19.4 choice), so every look at them leaves a trace.
 */
function listView(item: ReviewItem): ReviewItem {
  const d = { ...item.details };
  if (typeof d.idNumber === 'string') d.idNumber = maskIdNumber(d.idNumber);
  for (const key of ['frontImageUrl', 'backImageUrl', 'proofImageUrl']) delete d[key];
  const destination = d.destination as Record<string, unknown> | undefined;
  if (destination && typeof destination.cardNumber === 'string') d.destination = { ...destination, cardNumber: maskCardNumber(destination.cardNumber) };
  return { ...item, details: d };
}

async function findRow(db: Db, queue: Queue, id: string, forUpdate: boolean) {
  if (!isBuilt(queue)) throw new DomainError('record.not_found');
  const t = tables[queue];
  const q = db.select().from(t).where(eq(t.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw new DomainError('record.not_found');
  return row;
}

export async function reviewDetail(db: Db, deps: ReviewDeps, queue: Queue, id: string): Promise<ReviewItem> {
  const row = await findRow(db, queue, id, false);
  return itemOf(db, deps, queue as BuiltQueue, row);
}

/** Approve or reject one pending item; effects of §3.3/§3.4 in the same transaction. */
export async function decide(
  tx: Db, deps: ReviewDeps, adminId: string, body: { queue: Queue; id: string; reason: string }, decision: 'approved' | 'rejected',
): Promise<{ before: ReviewItem; after: ReviewItem }> {
  const row = await findRow(tx, body.queue, body.id, true);
  if (row.state !== 'pending') throw new DomainError('review.not_pending', { state: row.state });
  const queue = body.queue as BuiltQueue;
  const before = await itemOf(tx, deps, queue, row);
  const now = deps.clock.now();
  const decided = { state: decision, reviewedAt: now, reviewedBy: adminId, reason: body.reason };
  const userId = row.userId;

  if (queue === 'kyc') {
    const k = row as KycRow;
    await tx.update(kycSubmissions).set(decided).where(eq(kycSubmissions.id, k.id));
    await usersRepository.updateUser(tx, userId, decision === 'approved' ? { kycStatus: 'verified', realname: k.name } : { kycStatus: 'rejected' });
  } else if (queue === 'deposit') {
    const d = row as DepositRow;
    await tx.update(deposits).set(decided).where(eq(deposits.id, d.id));
    if (decision === 'approved') {
      const channel = JSON.parse(d.channelSnapshot) as { type?: string };
      await credit(tx, deps.clock, {
        userId, currency: d.currency as Currency, amount: d.amount, kind: 'deposit', reference: d.id,
        idempotencyKey: `deposit:${d.id}`, memo: { orderNo: d.orderNo }, from: channel.type === 'crypto' ? 'crypto_cash' : 'bank_cash',
      });
    }
  } else {
    const w = row as WithdrawalRow;
    const currency = w.currency as Currency;
    if (decision === 'approved') {
      const user = await usersRepository.findUserById(tx, userId);
      if (user?.restrictions.includes('frozen')) throw new DomainError('account.frozen');
      // the frozen amount leaves: the fee to fee income, the rest paid out of the house cash account
      const fee = new Dec(w.fee);
      const net = new Dec(w.amount).minus(fee);
      const cash: HouseAccountKind = w.destinationKind === 'wallet' ? 'crypto_cash' : 'bank_cash';
      const postings: PostingSpec[] = [
        { account: { owner: 'user', userId, currency, kind: 'frozen' }, amount: `-${w.amount}` },
        { account: { owner: 'house', currency, kind: cash }, amount: net.toFixed(8) },
      ];
      if (fee.gt(0)) postings.push({ account: { owner: 'house', currency, kind: 'fee_income' }, amount: fee.toFixed(8) });
      await postEntry(tx, deps.clock, { kind: 'withdraw_payout', reference: w.id, idempotencyKey: `withdraw:${w.id}`, memo: { orderNo: w.orderNo }, postings });
      await tx.update(withdrawals).set({ ...decided, paidAt: now }).where(eq(withdrawals.id, w.id));
    } else {
      await release(tx, deps.clock, { userId, currency, amount: w.amount, kind: 'withdraw_release', reference: w.id, idempotencyKey: `withdraw-release:${w.id}`, memo: { orderNo: w.orderNo } });
      await tx.update(withdrawals).set(decided).where(eq(withdrawals.id, w.id));
    }
  }
  if (decision === 'rejected') {
    const title = { kyc: 'Real-name verification rejected', deposit: 'Deposit rejected', withdraw: 'Withdrawal rejected' }[queue];
    await sendMessage(tx, deps.clock, userId, { title, content: body.reason });
  }
  const after = await itemOf(tx, deps, queue, await findRow(tx, queue, body.id, false));
  return { before, after };
}
