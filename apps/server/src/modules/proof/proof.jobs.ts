/**
 * The daily proof (docs/api.md §25): leader-only, every minute it checks whether today's 00:00 UTC
 * proof exists and publishes it if not (so a restart or a failover after midnight still publishes
 * it, once), then deletes the proofs past 400 days. Two instances that both think they lead still
 * publish one proof per instant: the unique `scheduled_for` (proof.service.ts).
 */
import type { Db } from '../../platform/db.js';
import { transaction } from '../../platform/db.js';
import type { JobSpec } from '../../platform/jobs.js';
import * as repo from './proof.repository.js';
import { PROOF_KEEP_DAYS, publishProof, scheduledInstantOf, type ProofDeps } from './proof.service.js';

const DAY_MS = 86_400_000;

export interface ProofJobReport {
  published: string | null;
  deleted: number;
}

/** One pass: today's scheduled proof if missing, then retention. */
export async function runProofJob(db: Db, deps: ProofDeps, now: Date): Promise<ProofJobReport> {
  const at = scheduledInstantOf(now);
  let published: string | null = null;
  if (!(await repo.scheduledExists(db, at))) {
    try {
      const proof = await transaction(
        db,
        (tx) => publishProof(tx, deps, { origin: 'scheduled', scheduledFor: at, createdBy: 'scheduler', asOf: now }),
        { isolation: 'repeatable read' },
      );
      published = proof?.proofId ?? null;
    } catch (error) {
      // PostgreSQL, repeatable read: a publisher that committed the same instant's row first makes
      // this one's claim a serialization failure (40001) rather than a quiet `do nothing`; that
      // proof is the one, so this pass published nothing
      if (!isSerializationFailure(error)) throw error;
    }
  }
  const deleted = await repo.deleteBefore(db, new Date(now.getTime() - PROOF_KEEP_DAYS * DAY_MS));
  return { published, deleted };
}

function isSerializationFailure(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function proofJob(db: Db, deps: ProofDeps): JobSpec {
  return { name: 'proof', intervalMs: 60_000, leaderOnly: true, run: (now) => runProofJob(db, deps, now) };
}
