/** Demo data of the auth module (docs/api.md §21, DEMO=1): the organisation whose code registration accepts. */
import type { Db } from '../../platform/db.js';
import * as repo from './users.repository.js';

export async function seedOrganisation(db: Db, inviteCode: string): Promise<void> {
  await repo.insertOrganisation(db, { id: 'org_demo', name: 'Demo organisation', code: inviteCode });
}
