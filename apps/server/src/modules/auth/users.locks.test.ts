/**
 * A row lock takes `Tx` (docs/decisions.md, the kernel): a lock taken on the pool would end with
 * its statement, so handing the pool to a locking read must not compile. `npm run typecheck`
 * checks the `@ts-expect-error` lines below; the test checks the lock reads the same row.
 */
import { describe, expect, it } from 'vitest';
import { transaction, type Db } from '../../platform/db.js';
import { registerUser, useTestApp } from '../../test/harness.js';
import { findUserById, lockUserById } from './users.repository.js';

const t = useTestApp();

/** Never called: it only has to type-check, with each pool-handed lock refused. */
export function poolHandedToALock(db: Db): void {
  // @ts-expect-error the pool is not a transaction (`Db` lacks the `Tx` brand)
  void lockUserById(db, 'u_none');
}

describe('locking a user row', () => {
  it('reads the row findUserById reads, inside a transaction', async () => {
    const user = await registerUser(t.app);
    const locked = await transaction(t.database.db, (tx) => lockUserById(tx, user.id));
    expect(locked).toEqual(await findUserById(t.database.db, user.id));
    expect(locked?.id).toBe(user.id);
  });
});
