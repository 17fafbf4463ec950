/** Friend invitation (docs/api.md §16.6): the caller's code and how many registered with it. */
import type { InviteInfo } from '@brokerage/contract';
import { countInvited, findUserById } from '../auth/index.js';
import type { Db } from '../../platform/db.js';

export async function inviteInfo(db: Db, userId: string): Promise<InviteInfo> {
  const [user, invitedCount] = await Promise.all([findUserById(db, userId), countInvited(db, userId)]);
  if (!user) throw new Error(`session user ${userId} has no row`);
  return { inviteCode: user.inviteCode, invitedCount };
}
