/** `proof` calls of docs/api.md §25: the daily proof of liabilities (a Merkle sum tree per currency). */
import { z } from 'zod';
import { currencies } from '../currency.js';
import { id, page, size, timestamp } from '../primitives.js';
import { reason } from './admin.js';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'format');
/** a Money string at the currency's scale (answers only) */
const amount = z.string();

export const proofCurrency = z.object({
  currency: z.enum(currencies),
  /** the root's hash */
  root: hex64,
  /** the root's sum: what the platform owes its users in this currency */
  total: amount,
  /** how many leaves (user accounts) the tree has */
  leaves: z.number().int(),
  /** accounts whose value was below zero, counted as 0 */
  flooredAccounts: z.number().int(),
});
export type ProofCurrency = z.infer<typeof proofCurrency>;

export const proofReserve = z.object({ currency: z.enum(currencies), amount });
export type ProofReserve = z.infer<typeof proofReserve>;

export const proofSummary = z.object({
  proofId: id,
  /** the instant the balances were read */
  asOf: timestamp,
  currencies: z.array(proofCurrency),
  reserves: z.array(proofReserve),
});
export type ProofSummary = z.infer<typeof proofSummary>;

export const proofLatestRequest = z.object({});
/** `null` before the first proof is published */
export const proofLatestResponse = proofSummary.nullable();
export const proofListRequest = z.object({ page, size });
export const proofMineRequest = z.object({ proofId: id, currency: z.enum(currencies) });

export const proofPathStep = z.object({
  /** where the sibling stands */
  side: z.enum(['left', 'right']),
  hash: hex64,
  sum: amount,
});
export type ProofPathStep = z.infer<typeof proofPathStep>;

export const proofMine = z.object({
  leaf: z.object({ nonce: hex64, balance: amount, hash: hex64 }),
  path: z.array(proofPathStep),
  root: hex64,
  total: amount,
});
export type ProofMine = z.infer<typeof proofMine>;

export const adminProofPublishRequest = z.object({ reason });
export const adminProofListRequest = z.object({ page, size });
