/** Fund records (docs/api.md §10.5): trade (ledger rows), deposit and withdraw tabs. */
import type { Currency, LedgerRecord } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import { toDepositRecord } from './deposits.service.js';
import * as repo from './funds.repository.js';
import { countLedgerRows, fundFlowKinds, ledgerRows, type LedgerRow } from '../ledger/index.js';
import { toWithdrawRecord } from './withdrawals.service.js';

const knownKinds = new Set<string>([
  'order_freeze',
  'order_release',
  'order_open',
  'order_close',
  'exchange_out',
  'exchange_in',
  'subscription_freeze',
  'subscription_release',
  'subscription_pay',
  'block_freeze',
  'block_release',
  'copy_in',
  'copy_out',
  'lending_freeze',
  'lending_release',
  'lending_match',
  'lending_payout',
  'loan_in',
  'loan_repay',
  'deposit',
  'withdraw',
  'withdraw_freeze',
  'withdraw_release',
]);

function remarkOf(row: LedgerRow): string | null {
  const memo = row.memo ?? {};
  if (row.kind === 'exchange_out' && typeof memo.from === 'string')
    return `${memo.from} → ${String(memo.to)} @ ${String(memo.rate)}`;
  return typeof memo.remark === 'string' ? memo.remark : null;
}

export function toLedgerRecord(row: LedgerRow): LedgerRecord {
  const currency = row.currency;
  const memo = row.memo ?? {};
  // the exchange entry moves two currencies: the side that gained is `exchange_in`
  const kind = row.kind === 'exchange_out' && !row.availableChange.isNegative() ? 'exchange_in' : row.kind;
  return {
    // one entry can move several of the user's accounts (an exchange's two legs): one id per row
    id: `l_${row.entryId}_${currency}`,
    orderNo: typeof memo.orderNo === 'string' ? memo.orderNo : row.reference,
    kind: (knownKinds.has(kind) ? kind : 'withdraw') as LedgerRecord['kind'],
    currency,
    amount: row.availableChange.toString(),
    frozenChange: row.frozenChange.toString(),
    balanceAfter: row.availableAfter.toString(),
    createdAt: row.createdAt.toISOString(),
    remark: remarkOf(row),
  };
}

export async function fundRecords(
  db: Db,
  userId: string,
  body: { tab: 'trade' | 'deposit' | 'withdraw'; currency?: Currency; page: number; size: number },
) {
  const { page, size } = body;
  if (body.tab === 'trade') {
    const filter = { userId, currency: body.currency, excludeKinds: fundFlowKinds, order: 'desc' as const };
    const rows = await ledgerRows(db, { ...filter, limit: size, offset: (page - 1) * size });
    return { list: rows.map(toLedgerRecord), total: await countLedgerRows(db, filter), page, size };
  }
  if (body.tab === 'deposit') {
    const { rows, total } = await repo.depositsPage(db, userId, body.currency, page, size);
    return { list: rows.map(toDepositRecord), total, page, size };
  }
  const { rows, total } = await repo.withdrawalsPage(db, userId, body.currency, page, size);
  const list = [];
  for (const r of rows) list.push(await toWithdrawRecord(db, r));
  return { list, total, page, size };
}
