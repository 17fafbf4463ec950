/**
 * Demo data of the auth module (docs/api.md §21, DEMO=1): the organisation whose code registration
 * accepts and, with the full demo (`npm start`), one demo account, so a visitor can log in and see
 * screens that need history (its price alerts). The account's password is generated when it is
 * created and printed once by `npm start`, like the admin's; it is never stored in clear or in the
 * repository. Fixed ids: seeding twice adds nothing and returns no password.
 */
import { Dec } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import { newInviteCode, newPassword } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import * as repo from './users.repository.js';
import type { AuthDeps } from './users.service.js';
import { initialKycStatus } from './users.states.js';

/** The demo account: its login is the phone number (the password is printed once). */
export const DEMO_ACCOUNT = { id: 'u_demo', phone: '5215550000000', organisationId: 'org_demo' } as const;

export async function seedOrganisation(db: Db, inviteCode: string): Promise<void> {
  await repo.insertOrganisation(db, { id: DEMO_ACCOUNT.organisationId, name: 'Demo organisation', code: inviteCode });
}

/** Creates the demo account like a registration through the organisation's code; its password when it created it. */
export async function seedDemoAccount(deps: AuthDeps): Promise<string | null> {
  const { db, clock, settings } = deps;
  // already made, or the phone number taken by someone who registered it
  if ((await repo.findUserById(db, DEMO_ACCOUNT.id)) || (await repo.findUserByPhone(db, DEMO_ACCOUNT.phone))) {
    return null;
  }
  const password = newPassword();
  const now = clock.now();
  await repo.insertUser(db, {
    id: DEMO_ACCOUNT.id,
    phone: DEMO_ACCOUNT.phone,
    passwordHash: await hashPassword(password),
    inviteCode: newInviteCode(),
    inviterUserId: null,
    organisationId: DEMO_ACCOUNT.organisationId,
    kycStatus: initialKycStatus(),
    creditScore: settings.get('loan.initialScore'),
    loanQuota: new Dec(settings.get('loan.initialQuota')),
    agreementVersion: await deps.currentAgreementVersion(),
    createdAt: now,
    lastLoginAt: null,
  });
  return password;
}
