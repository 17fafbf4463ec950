/**
 * The nightly snapshot job (docs/api.md §24.1, docs/performance.md): once a day has closed in
 * `funds.timezone`, it writes each user currency account's value and flow of that day
 * (`source: close`), and, the first time it meets an account, the days before from the journal
 * (`source: journal`). Every row is an insert that does nothing when (user, currency, date)
 * exists, so a second pass, a second process or a crash half-way writes nothing twice: the job
 * runs in every process (not leader-only), and whichever writes a row first wins.
 *
 * value(D) of the day that closed = the live value now − the book change of the entries posted
 * since 24:00 of D: cash is exact at 24:00, positions are marked at the price of the pass (the
 * job runs every few minutes, so shortly after midnight).
 */
import { Dec, isCurrency, type Currency } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import { localDateIn, localDayBounds } from '../../platform/fund-window.js';
import type { JobSpec } from '../../platform/jobs.js';
import { entryLegs, userCurrencyPage } from '../ledger/index.js';
import { addDays, datesBetween } from './performance.math.js';
import * as repo from './performance.repository.js';
import { journalDays, liveValue, type PerformanceDeps } from './performance.service.js';

export const SNAPSHOT_JOB = 'performance-snapshots';
const PAGE = 500;
const CONCURRENCY = 4;

export interface SnapshotReport {
  date: string;
  accounts: number;
  written: number;
}

/**
 * Writes one account's closed day `date`, and the days before it that have no snapshot: after the
 * last snapshot, from its value and the journal's changes since (only those entries are read); for
 * an account without any, from the journal's book value since its first entry.
 */
export async function snapshotAccount(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  currency: Currency,
  date: string,
): Promise<number> {
  const timezone = deps.settings.get('funds.timezone');
  const now = deps.clock.now();
  const last = await repo.lastSnapshotOnOrBefore(db, userId, currency, date);
  if (last?.date === date) return 0;
  const from = last ? localDayBounds(timezone, addDays(last.date, 1)).start : null;
  // up to `now` inclusive (the bound is exclusive): an entry of this very millisecond is in the live value
  const legs = await entryLegs(db, userId, currency, from, new Date(now.getTime() + 1));
  if (!last && legs.length === 0) return 0;
  const days = journalDays(legs, timezone);
  const sorted = [...days.keys()].sort();
  const firstDay = last ? addDays(last.date, 1) : sorted[0]!;
  if (firstDay > date) return 0;
  const rows: repo.NewSnapshot[] = [];
  let book = last ? last.value : new Dec(0);
  let i = 0;
  for (const d of datesBetween(last ? firstDay : addDays(firstDay, -1), addDays(date, -1))) {
    while (i < sorted.length && sorted[i]! <= d) book = book.plus(days.get(sorted[i++]!)!.book);
    const flow = days.get(d)?.flow ?? new Dec(0);
    rows.push({ userId, currency, date: d, value: book, flow, source: 'journal', createdAt: now });
  }
  // the entries posted after 24:00 of the day are taken back off the live value
  let since = new Dec(0);
  for (const [d, v] of days) if (d > date) since = since.plus(v.book);
  const value = (await liveValue(db, deps, userId, currency)).minus(since);
  rows.push({
    userId,
    currency,
    date,
    value,
    flow: days.get(date)?.flow ?? new Dec(0),
    source: 'close',
    createdAt: now,
  });
  return repo.insertSnapshots(db, rows);
}

/** One pass: every user currency account without a snapshot of the day that closed last. */
export async function snapshotPass(db: Db, deps: PerformanceDeps, now: Date): Promise<SnapshotReport> {
  const date = addDays(localDateIn(deps.settings.get('funds.timezone'), now), -1);
  let after: { userId: string; currency: string } | null = null;
  let accounts = 0;
  let written = 0;
  for (;;) {
    const page = await userCurrencyPage(db, after, PAGE);
    if (page.length === 0) break;
    const done = await repo.snapshotted(db, [...new Set(page.map((p) => p.owner_id))], date);
    const todo: { userId: string; currency: Currency }[] = [];
    for (const p of page)
      if (isCurrency(p.currency) && !done.has(`${p.owner_id} ${p.currency}`))
        todo.push({ userId: p.owner_id, currency: p.currency });
    accounts += todo.length;
    // a few accounts at a time: their queries overlap on a pooled PostgreSQL
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const p = todo[next++]!;
        // not `written += await …`: that reads `written` before the await and loses the others' counts
        const n = await snapshotAccount(db, deps, p.userId, p.currency, date);
        written += n;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const lastRow = page[page.length - 1]!;
    after = { userId: lastRow.owner_id, currency: lastRow.currency };
    if (page.length < PAGE) break;
  }
  return { date, accounts, written };
}

/** The job: a pass every `intervalMs`, skipped once a full pass found the closed day done. */
export function snapshotJob(db: Db, deps: PerformanceDeps, intervalMs = 5 * 60_000): JobSpec {
  let doneFor: string | null = null;
  return {
    name: SNAPSHOT_JOB,
    intervalMs,
    run: async (now) => {
      const day = localDateIn(deps.settings.get('funds.timezone'), now);
      if (doneFor === day) return null;
      const report = await snapshotPass(db, deps, now);
      doneFor = day;
      return report;
    },
  };
}
