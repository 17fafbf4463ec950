/**
 * `newShare` calls of docs/api.md §12 (IPO, placement, capital increase), the verifiable draw of
 * §12.2 and their back-office side (§19.5).
 */
import { z } from 'zod';
import { accountTypes, newShareKinds, paymentModes, subscriptionStates } from '../enums.js';
import { currencies } from '../money.js';
import { date, id, int, money, page, requestId, size, timestamp, whole } from '../primitives.js';
import { reason } from './admin.js';

const decimal = z.string();
const currency = z.enum(currencies);
/** Markets a new share can list on: the three stock markets (§1.9). */
export const newShareMarkets = ['mxn', 'usd', 'eur'] as const;
export type NewShareMarket = (typeof newShareMarkets)[number];

/**
 * Where an offering is in its life, from the server's clock (addition: the screens show the rule
 * that applies before the user presses, and the client's clock may be wrong):
 * `upcoming` before `applyStart`, `open` inside the window, `closed` after `applyEnd` until the draw,
 * `drawn` after the draw until listing, `listed` from `listingDate`.
 */
export const newSharePhases = ['upcoming', 'open', 'closed', 'drawn', 'listed'] as const;
export type NewSharePhase = (typeof newSharePhases)[number];

export const placementTier = z.object({ accountType: z.enum(accountTypes), minAmount: decimal });
export type PlacementTier = z.infer<typeof placementTier>;

export const newShareSummary = z.object({
  id,
  kind: z.enum(newShareKinds),
  name: z.string(),
  code: z.string(),
  market: z.enum(newShareMarkets),
  currency,
  issuePrice: decimal,
  marketPrice: decimal.nullable(),
  applyStart: timestamp,
  applyEnd: timestamp,
  listingDate: date,
  minShares: z.number().int(),
  channelOpen: z.boolean(),
  paymentMode: z.enum(paymentModes),
  phase: z.enum(newSharePhases),
});
export type NewShareSummary = z.infer<typeof newShareSummary>;

export const myNewShare = z.object({
  applications: z.number().int(),
  subscriptionQuantity: z.number().int(),
  allottedQuantity: z.number().int(),
  amountPayable: decimal,
  amountPaid: decimal,
});

export const newShare = newShareSummary.extend({
  instrumentId: id,
  premiumSpread: decimal.nullable(),
  sharesOffered: z.number().int(),
  totalSubscription: z.number().int(),
  minInvestment: decimal,
  placementTiers: z.array(placementTier).nullable(),
  maxApplicationsPerUser: z.number().int(),
  drawDate: date,
  paymentDeadline: timestamp,
  distributionDate: date,
  issueMarket: z.string(),
  sponsorBroker: z.string(),
  channelPasswordRequired: z.boolean(),
  lockDays: z.number().int(),
  drawnAt: timestamp.nullable(),
  /** allotted ÷ applied, 8 decimals, after the draw */
  winningRate: decimal.nullable(),
  winnersCount: z.number().int().nullable(),
  /** hex SHA-256 of the draw seed, published from the offering's creation */
  drawSeedHash: z.string(),
  /** the seed itself, null until the draw */
  drawSeed: z.string().nullable(),
  /** only with a session */
  my: myNewShare.nullable(),
});
export type NewShare = z.infer<typeof newShare>;

export const subscriptionHistoryItem = z.object({ state: z.enum(subscriptionStates), at: timestamp });

export const subscriptionRecord = z.object({
  id,
  newShareId: id,
  kind: z.enum(newShareKinds),
  name: z.string(),
  code: z.string(),
  currency,
  state: z.enum(subscriptionStates),
  paymentMode: z.enum(paymentModes),
  quantity: z.number().int(),
  issuePrice: decimal,
  /** issuePrice × quantity */
  amount: decimal,
  /** still frozen for this application (prepaid, before the draw) */
  frozenAmount: decimal,
  allottedQuantity: z.number().int(),
  amountPayable: decimal,
  amountPaid: decimal,
  paymentDeadline: timestamp,
  listingDate: date,
  appliedAt: timestamp,
  history: z.array(subscriptionHistoryItem),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecord>;

/* ---- user calls (§12.1–§12.4) ---- */

export const newShareListRequest = z.object({ kind: z.enum(newShareKinds), page, size });
export const newShareDetailRequest = z.object({ id });
export const newShareSubscribeRequest = z.object({
  id,
  quantity: int.min(1).max(1_000_000_000),
  channelPassword: z.string().min(4).max(64).optional(),
  requestId: requestId.optional(),
});
export const subscriptionPayRequest = z.object({ subscriptionId: id, requestId: requestId.optional() });
export const subscriptionWaiveRequest = z.object({ subscriptionId: id });
export const subscriptionRecordsRequest = z.object({
  kind: z.enum(newShareKinds).optional(),
  states: z.array(z.enum(subscriptionStates)).min(1).optional(),
  page,
  size,
});

/** The algorithm string of §12.2: what the server does, word for word. */
export const DRAW_ALGORITHM =
  'pro-rata floor, leftovers one by one in the order of HMAC-SHA256(seed, applicationId) ascending';

export const drawProofRequest = z.object({ id });
export const drawProof = z.object({
  seed: z.string(),
  seedHash: z.string(),
  sharesOffered: z.number().int(),
  totalSubscription: z.number().int(),
  algorithm: z.string(),
  /** the application window's end: a verifier checks every application came before it (addition) */
  applyEnd: timestamp,
  /** `appliedAt`: when each application was accepted (addition) */
  applications: z.array(z.object({ id, quantity: z.number().int(), allotted: z.number().int(), appliedAt: timestamp })),
});
export type DrawProof = z.infer<typeof drawProof>;

/* ---- back office (§19.5) ---- */

const name = z.string().trim().min(1).max(100);
const label = z.string().trim().min(1).max(100);
/** A new instrument's ticker: capitals and digits, unique across the feed's universe. */
const code = z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/, 'format');

const newShareTerms = {
  kind: z.enum(newShareKinds),
  name,
  code,
  market: z.enum(newShareMarkets),
  /** in the currency's scale (2 decimals on the three stock markets), so every amount is exact */
  issuePrice: money(2),
  sharesOffered: int.min(1).max(10_000_000_000),
  minShares: int.min(1).max(1_000_000_000),
  minInvestment: whole(),
  placementTiers: z
    .array(z.object({ accountType: z.enum(accountTypes), minAmount: money(2) }))
    .max(accountTypes.length)
    .nullable(),
  maxApplicationsPerUser: int.min(1).max(100),
  applyStart: timestamp,
  applyEnd: timestamp,
  drawDate: date,
  paymentDeadline: timestamp,
  distributionDate: date,
  listingDate: date,
  issueMarket: label,
  sponsorBroker: label,
  paymentMode: z.enum(paymentModes),
  channelOpen: z.boolean(),
  channelPasswordRequired: z.boolean(),
  lockDays: int.min(0).max(3650),
};

export const adminNewShareCreateRequest = z.object({ ...newShareTerms, reason });
export const adminNewShareUpdateRequest = z.object({
  id,
  ...(Object.fromEntries(Object.entries(newShareTerms).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof newShareTerms]: z.ZodOptional<(typeof newShareTerms)[K]>;
  }),
  reason,
});
/**
 * The terms that cannot change once anyone has applied (§19.5). `applyEnd` too (issue 29): reopening or moving
 * the window under waiting applications would let late ones into the draw. Once the window has closed, no term
 * changes at all.
 */
export const newShareLockedTerms = [
  'applyEnd',
  'issuePrice',
  'sharesOffered',
  'minShares',
  'minInvestment',
  'placementTiers',
  'paymentMode',
  'applyStart',
  'maxApplicationsPerUser',
  'channelPasswordRequired',
] as const;
/** Code, market and kind define the instrument; they never change after creation. */
export const newShareFixedTerms = ['kind', 'code', 'market'] as const;

export const adminNewShare = newShare.omit({ my: true }).extend({
  applicationsCount: z.number().int(),
  createdAt: timestamp,
  /** returned once, by create (when `channelPasswordRequired`) */
  channelPassword: z.string().optional(),
});
export type AdminNewShare = z.infer<typeof adminNewShare>;
export const adminNewShareIdRequest = z.object({ id, reason });
export const channelPasswordResponse = z.object({ channelPassword: z.string() });
export const drawResponse = z.object({
  totalSubscription: z.number().int(),
  winningRate: decimal,
  winnersCount: z.number().int(),
  seed: z.string(),
});
