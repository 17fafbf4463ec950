import type { Currency } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Proofs of liabilities (docs/api.md §25, docs/decisions.md "proof storage"). A proof and all its
 * rows are written in one transaction and never updated; retention deletes a whole proof (the
 * children cascade). `scheduledFor` is the 00:00 UTC instant a scheduled proof stands for (null for
 * an operator's): its unique index makes two instances publish one proof per instant.
 */
export const proofs = pgTable(
  'proofs',
  {
    id: text('id').primaryKey(),
    scheduledFor: at('scheduled_for'),
    asOf: at('as_of').notNull(),
    /** `scheduled`, `operator` or `seed` */
    origin: text('origin').notNull(),
    reason: text('reason'),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('proofs_scheduled_for_key')
      .on(t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null`),
    index('proofs_as_of_idx').on(t.asOf),
  ],
);

/** One tree per currency: the published root, total and counts. */
export const proofCurrencies = pgTable(
  'proof_currencies',
  {
    proofId: text('proof_id')
      .notNull()
      .references(() => proofs.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    root: text('root').notNull(),
    /** the root's sum as published (the currency's scale) */
    total: text('total').notNull(),
    leaves: integer('leaves').notNull(),
    flooredAccounts: integer('floored_accounts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.currency] })],
);

/** The house's channel cash per currency at the proof's instant, as published. */
export const proofReserves = pgTable(
  'proof_reserves',
  {
    proofId: text('proof_id')
      .notNull()
      .references(() => proofs.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    amount: text('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.currency] })],
);

/** Each user's leaf: its place in the sorted level 0, its nonce and its balance (published to its user only). */
export const proofLeaves = pgTable(
  'proof_leaves',
  {
    proofId: text('proof_id')
      .notNull()
      .references(() => proofs.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    userId: text('user_id').notNull(),
    idx: integer('idx').notNull(),
    nonce: text('nonce').notNull(),
    balance: text('balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.currency, t.userId] })],
);

/**
 * The tree's levels (0 = the sorted leaves, up to the root), in chunks of `PROOF_CHUNK` nodes:
 * `hashes` the nodes' 32-byte hashes end to end, `sums` their sums as 8-byte big-endian signed minor
 * units. A path reads one chunk per level.
 */
export const proofNodes = pgTable(
  'proof_nodes',
  {
    proofId: text('proof_id')
      .notNull()
      .references(() => proofs.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    level: integer('level').notNull(),
    chunk: integer('chunk').notNull(),
    /** how many nodes the level has (the same on every chunk of the level) */
    count: integer('count').notNull(),
    hashes: bytea('hashes').notNull(),
    sums: bytea('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.proofId, t.currency, t.level, t.chunk] })],
);
