/**
 * The demo proof (DEMO=1, the full demo): one proof published at seed time, after the modules whose
 * seeds move money, so Mine → Proof of funds has content on a fresh start. Seeding twice adds nothing.
 */
import { transaction, type Db } from '../../platform/db.js';
import { latestSummary, publishProof, type ProofDeps } from './proof.service.js';

export async function seedProof(db: Db, deps: ProofDeps): Promise<void> {
  if (await latestSummary(db)) return;
  await transaction(db, (tx) => publishProof(tx, deps, { origin: 'seed', reason: 'demo data', createdBy: 'seed' }), {
    isolation: 'repeatable read',
  });
}
