/**
 * The account statement (our addition, docs/decisions.md): every movement of one currency
 * between two local dates (funds.timezone), with the opening and closing balances. The
 * closing balance of a statement that ends today equals `/user/assets` exactly, because both
 * are sums of the same postings.
 */
import type { Currency, Statement } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import { localDayBounds } from '../../platform/fund-window.js';
import type { Settings } from '../../platform/settings.js';
import { balancesBefore, ledgerRows } from '../ledger/index.js';

export async function statement(
  db: Db,
  settings: Settings,
  userId: string,
  body: { currency: Currency; from: string; to: string },
): Promise<Statement> {
  const timezone = settings.get('funds.timezone');
  const start = localDayBounds(timezone, body.from).start;
  const end = localDayBounds(timezone, body.to).end;
  const opening = await balancesBefore(db, userId, body.currency, start);
  const rows = await ledgerRows(db, { userId, currency: body.currency, from: start, to: end, order: 'asc' });
  let available = opening.available;
  let frozen = opening.frozen;
  const lines = rows.map((r) => {
    available = available.plus(r.availableChange);
    frozen = frozen.plus(r.frozenChange);
    const memo = r.memo ?? {};
    return {
      at: r.createdAt.toISOString(),
      entryId: `l_${r.entryId}`,
      kind: r.kind,
      orderNo: typeof memo.orderNo === 'string' ? memo.orderNo : r.reference,
      remark: typeof memo.remark === 'string' ? memo.remark : null,
      availableChange: r.availableChange.toString(),
      frozenChange: r.frozenChange.toString(),
      availableAfter: available.toString(),
      frozenAfter: frozen.toString(),
    };
  });
  return {
    currency: body.currency,
    from: body.from,
    to: body.to,
    timezone,
    opening: { available: opening.available.toString(), frozen: opening.frozen.toString() },
    closing: { available: available.toString(), frozen: frozen.toString() },
    lines,
  };
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` (or a tab / carriage return
 * before one) as a formula: such text gets a leading `'` (issue 18). Plain numbers stay numbers.
 */
const neutralised = (v: string) => (/^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v);
const csvCell = (raw: string | null) => {
  if (raw === null) return '';
  const v = neutralised(raw);
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

/** The same statement as CSV: an opening line, one line per movement, a closing line. */
export function statementCsv(s: Statement): string {
  const header = 'at,entry_id,kind,order_no,remark,available_change,frozen_change,available_after,frozen_after';
  const lines = [
    header,
    ['', '', 'opening', '', '', '', '', s.opening.available, s.opening.frozen].map(csvCell).join(','),
    ...s.lines.map((l) =>
      [l.at, l.entryId, l.kind, l.orderNo, l.remark, l.availableChange, l.frozenChange, l.availableAfter, l.frozenAfter]
        .map(csvCell)
        .join(','),
    ),
    ['', '', 'closing', '', '', '', '', s.closing.available, s.closing.frozen].map(csvCell).join(','),
  ];
  return `${lines.join('\n')}\n`;
}
