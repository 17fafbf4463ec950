/**
 * The proof of liabilities (docs/api.md §25, docs/proof-of-liabilities.md).
 *
 * Publishing reads every user's currency accounts in pages (the portfolio's `totalAssetsPage`, the
 * same rule as `/user/assets`), floors each `totalAssets` at 0 (counting the floored ones), builds
 * one Merkle sum tree per currency (proof.tree.ts) and writes the proof, its currencies, reserves,
 * leaves and tree levels in the caller's transaction: a proof is published whole or not at all, and
 * a crash mid-build leaves nothing. The proof row goes in first: its unique `scheduled_for` makes a
 * second instance publishing the same instant wait for the first one's commit and then step aside.
 */
import {
  fromMinorUnits,
  Money,
  toMinorUnits,
  type Currency,
  type ProofMine,
  type ProofSummary,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { houseBalances, type Portfolio } from '../ledger/index.js';
import type { HouseRunAccountsPort } from './house-accounts-port.js';
import * as repo from './proof.repository.js';
import { buildTree, chunksOf, pathOf, type LeafInput, type MerkleSumTree } from './proof.tree.js';

/** Nodes per stored chunk of a level: a path reads one chunk (≤ 320 KiB) per level. */
export const PROOF_CHUNK = 8192;
/** Users read per page of the bulk read. */
export const PROOF_PAGE = 2000;
/** How long proofs are kept (§25). */
export const PROOF_KEEP_DAYS = 400;

export interface ProofDeps {
  clock: Clock;
  portfolio: Pick<Portfolio, 'totalAssetsPage'>;
  /** accounts the house runs (copy funds' own accounts): left out (house-accounts-port.ts) */
  houseRunAccounts?: HouseRunAccountsPort;
  /** test seam: runs after each currency's tree is built (a crash mid-build) */
  afterTree?: (currency: Currency) => void;
}

export interface PublishOptions {
  origin: 'scheduled' | 'operator' | 'seed';
  /** the 00:00 UTC instant a scheduled proof stands for */
  scheduledFor?: Date | null;
  reason?: string | null;
  createdBy?: string | null;
  /** the instant of the reading (default the clock's now; the job passes its pass's instant) */
  asOf?: Date;
}

/** Every user's liability per currency, floored at 0, in minor units (the balance rounded half-up to the scale). */
export async function readLiabilities(
  tx: Db,
  deps: ProofDeps,
): Promise<Map<Currency, { inputs: LeafInput[]; floored: number }>> {
  const out = new Map<Currency, { inputs: LeafInput[]; floored: number }>();
  const houseRun = (await deps.houseRunAccounts?.(tx)) ?? new Set<string>();
  let after = '';
  for (;;) {
    const page = await deps.portfolio.totalAssetsPage(tx, after, PROOF_PAGE);
    if (page.size === 0) break;
    for (const [userId, accounts] of page) {
      // the page's order is the database's (its collation), so the next page starts after its last user
      after = userId;
      if (houseRun.has(userId)) continue;
      for (const [currency, total] of accounts) {
        let tree = out.get(currency);
        if (!tree) out.set(currency, (tree = { inputs: [], floored: 0 }));
        const negative = total.isNegative();
        if (negative) tree.floored++;
        // the wire form: half-up at the currency's scale (§1.4), as /user/assets shows it
        tree.inputs.push({ userId, balance: negative ? 0n : toMinorUnits(total.toString(), currency) });
      }
    }
  }
  return out;
}

/** The house's channel cash per currency (bank and crypto cash): deposits received − withdrawals paid, plus capital. */
export async function readReserves(tx: Db): Promise<Map<Currency, Money>> {
  const out = new Map<Currency, Money>();
  for (const h of await houseBalances(tx)) {
    if (h.kind !== 'bank_cash' && h.kind !== 'crypto_cash') continue;
    // a deposit credits the user from the house's cash account: the house's cash is its negated balance
    out.set(h.currency, (out.get(h.currency) ?? Money.zero(h.currency)).minus(h.balance));
  }
  return out;
}

/**
 * Builds and writes a proof in `tx`, which must be one snapshot (`transaction(…, { isolation: 'repeatable read' })`:
 * every page of balances read at the same instant; anything else is refused). Null when a
 * proof of the same scheduled instant already exists.
 */
export async function publishProof(tx: Tx, deps: ProofDeps, options: PublishOptions): Promise<ProofSummary | null> {
  const asOf = options.asOf ?? deps.clock.now();
  const isolation = await repo.isolationOf(tx);
  invariant(isolation === 'repeatable read', `a proof reads its pages in one snapshot, not in ${isolation}`);
  const proofId = await repo.claimProof(tx, {
    id: newId('pf'),
    scheduledFor: options.scheduledFor ?? null,
    asOf,
    origin: options.origin,
    reason: options.reason ?? null,
    createdBy: options.createdBy ?? null,
  });
  if (!proofId) return null;
  const liabilities = await readLiabilities(tx, deps);
  const currencies = [...liabilities.keys()].sort();
  for (const currency of currencies) {
    const { inputs, floored } = liabilities.get(currency)!;
    const tree = buildTree(currency, inputs);
    deps.afterTree?.(currency);
    await writeTree(tx, proofId, tree, floored);
  }
  const reserves = await readReserves(tx);
  await repo.insertReserves(
    tx,
    [...reserves.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, amount]) => ({ proofId, currency, amount: amount.toString() })),
  );
  const summary = await summaryOf(tx, proofId);
  return summary;
}

async function writeTree(tx: Tx, proofId: string, tree: MerkleSumTree, floored: number): Promise<void> {
  const { currency } = tree;
  await repo.insertCurrency(tx, {
    proofId,
    currency,
    root: tree.root,
    total: fromMinorUnits(tree.total, currency),
    leaves: tree.leaves.length,
    flooredAccounts: floored,
  });
  await repo.insertLeaves(tx, proofId, currency, tree.leaves);
  const nodes = [];
  for (const [level, nodesOfLevel] of tree.levels.entries())
    for (const c of chunksOf(nodesOfLevel, PROOF_CHUNK))
      nodes.push({
        proofId,
        currency,
        level,
        chunk: c.chunk,
        count: nodesOfLevel.count,
        hashes: c.hashes,
        sums: c.sums,
      });
  await repo.insertNodes(tx, nodes);
}

async function summariesOf(db: Db, rows: repo.ProofRow[]): Promise<ProofSummary[]> {
  const ids = rows.map((r) => r.id);
  const currencies = await repo.currenciesOf(db, ids);
  const reserves = await repo.reservesOf(db, ids);
  return rows.map((r) => ({
    proofId: r.id,
    asOf: r.asOf.toISOString(),
    currencies: currencies
      .filter((c) => c.proofId === r.id)
      .map((c) => ({
        currency: c.currency,
        root: c.root,
        total: c.total,
        leaves: c.leaves,
        flooredAccounts: c.flooredAccounts,
      })),
    reserves: reserves.filter((x) => x.proofId === r.id).map((x) => ({ currency: x.currency, amount: x.amount })),
  }));
}

export async function summaryOf(db: Db, proofId: string): Promise<ProofSummary | null> {
  const row = await repo.proofById(db, proofId);
  return row ? ((await summariesOf(db, [row]))[0] ?? null) : null;
}

export async function latestSummary(db: Db): Promise<ProofSummary | null> {
  const row = await repo.latestProof(db);
  return row ? ((await summariesOf(db, [row]))[0] ?? null) : null;
}

export async function listSummaries(db: Db, page: number, size: number) {
  const { rows, total } = await repo.proofPage(db, page, size);
  return { list: await summariesOf(db, rows), total, page, size };
}

/** The caller's leaf and path (§25 `/proof/mine`); `record.not_found` for an unknown proof or no account. */
export async function mineOf(db: Db, userId: string, proofId: string, currency: Currency): Promise<ProofMine> {
  const leaf = await repo.leafOf(db, proofId, currency, userId);
  if (!leaf) throw new DomainError('record.not_found');
  const [published] = await repo.currenciesOf(db, [proofId]).then((c) => c.filter((x) => x.currency === currency));
  if (!published) throw new DomainError('record.not_found');
  const height = await repo.heightOf(db, proofId, currency);
  const chunks = new Map<string, { hashes: Buffer; sums: Buffer }>();
  const path = await pathOf(leaf.idx, height, currency, async (level, i) => {
    const chunk = Math.floor(i / PROOF_CHUNK);
    const key = `${level}:${chunk}`;
    let c = chunks.get(key);
    if (!c) {
      const row = await repo.nodeChunk(db, proofId, currency, level, chunk);
      if (!row) throw new Error(`proof ${proofId} ${currency}: level ${level} chunk ${chunk} missing`);
      chunks.set(key, (c = row));
    }
    const at = i - chunk * PROOF_CHUNK;
    return { hash: c.hashes.toString('hex', 32 * at, 32 * at + 32), sum: c.sums.readBigInt64BE(8 * at) };
  });
  const level0 = await repo.nodeChunk(db, proofId, currency, 0, Math.floor(leaf.idx / PROOF_CHUNK));
  const at = leaf.idx % PROOF_CHUNK;
  const hash = level0 ? level0.hashes.toString('hex', 32 * at, 32 * at + 32) : '';
  return {
    leaf: { nonce: leaf.nonce, balance: leaf.balance, hash },
    path,
    root: published.root,
    total: published.total,
  };
}

/** The 00:00 UTC instant of `now`'s day. */
export function scheduledInstantOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
