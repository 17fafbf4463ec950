/** The proof of liabilities (docs/api.md §25): daily Merkle sum trees of what the platform owes its users. */
export { createProofModule } from './proof.module.js';
export { proofJob, runProofJob, type ProofJobReport } from './proof.jobs.js';
export {
  latestSummary,
  listSummaries,
  mineOf,
  publishProof,
  readLiabilities,
  readReserves,
  scheduledInstantOf,
  PROOF_KEEP_DAYS,
  type ProofDeps,
} from './proof.service.js';
export type { HouseRunAccountsPort } from './house-accounts-port.js';
export { buildTree, pathOf, PAD_HASH, type LeafInput, type MerkleSumTree } from './proof.tree.js';
