import {
  adminEndpoints,
  configKeyMap,
  formatPrice,
  reasonErrorMap,
  restrictionOfAction,
  roundPrice,
  rightForRestrictAction,
  type AdminUser,
  type KycStatus,
  type Restriction,
} from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.js';
import type { Settings } from '../../platform/settings.js';
import {
  applyRestriction,
  countInvited,
  findUserById,
  listUsers,
  lockUserById,
  updateUser,
  type AuthCache,
  type UserRow,
} from '../auth/index.js';
import type { Portfolio } from '../ledger/index.js';
import { adminLogin, adminLogout } from './admin.service.js';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { listAudit } from './audit.service.js';
import { paymentDestinationsOf } from '../funds/index.js';

export function toAdminUser(u: UserRow): AdminUser {
  return {
    userId: u.id,
    account: u.phone,
    realname: u.realName, // the wire's name
    kycStatus: u.kycStatus as KycStatus,
    accountType: u.accountType as AdminUser['accountType'],
    restrictions: u.restrictions as Restriction[],
    creditScore: u.creditScore,
    // two decimals, cut (not rounded) as the back office has always shown it
    loanQuota: formatPrice(roundPrice(u.loanQuota, 2, 'down'), 2),
    dayTrading: u.dayTrading,
    totpEnabled: u.totpEnabled,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

const userTarget = (b: Record<string, unknown>) => ({
  type: 'user',
  id: typeof b.userId === 'string' ? b.userId.slice(0, 64) : null,
});

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: AdminDeps & { settings: Settings; portfolio: Portfolio; authCache: AuthCache },
): void {
  const { clock, limits, settings, portfolio, authCache } = deps;

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.login,
    async ({ body, tx }) => {
      const r = await adminLogin(tx, clock, limits, body);
      return {
        data: { token: r.token, role: r.role, expiresAt: r.expiresAt },
        principal: r.principal,
        targetType: 'admin',
        targetId: r.principal.adminId,
      };
    },
    { audited: true },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.logout,
    async ({ admin, tx }) => {
      if (!admin) throw new DomainError('auth.required');
      await adminLogout(tx, clock, admin.sessionId);
      return { data: null, targetType: 'admin', targetId: admin.adminId };
    },
    { audited: true },
  );

  registerAdminRoute(app, deps, adminEndpoints.userList, async ({ body, tx }) => {
    const { rows, total } = await listUsers(tx, body, body.page, body.size);
    return { data: { list: rows.map(toAdminUser), total, page: body.page, size: body.size } };
  });

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.userDetail,
    async ({ body, tx }) => {
      const user = await findUserById(tx, body.userId);
      if (!user) throw new DomainError('account.not_found');
      const enabled = settings.get('currencies.enabled');
      const assets = await portfolio.assetsOf(tx, user.id, enabled, 'MXN', user.creditScore);
      const data = {
        ...toAdminUser(user),
        accounts: assets.accounts,
        ...(await paymentDestinationsOf(tx, user.id)),
        inviterId: user.inviterUserId,
        invitedCount: await countInvited(tx, user.id),
      };
      return { data };
    },
    { audited: true, target: userTarget },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.userRestrict,
    async ({ body, tx }) => {
      const change =
        body.action === 'unblock' ? { remove: body.restriction } : { add: restrictionOfAction[body.action] };
      const result = await applyRestriction(tx, deps, body.userId, change);
      if (!result) throw new DomainError('account.not_found');
      return {
        data: toAdminUser(result.after),
        before: { restrictions: result.before.restrictions },
        after: { restrictions: result.after.restrictions },
      };
    },
    { right: (b) => rightForRestrictAction(b.action), target: userTarget },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.setAccountType,
    async ({ body, tx }) => {
      const user = await lockUserById(tx, body.userId);
      if (!user) throw new DomainError('account.not_found');
      await updateUser(tx, authCache, user.id, { accountType: body.accountType });
      return {
        data: toAdminUser({ ...user, accountType: body.accountType }),
        before: { accountType: user.accountType },
        after: { accountType: body.accountType },
      };
    },
    { target: userTarget },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.setCreditScore,
    async ({ body, tx }) => {
      const user = await lockUserById(tx, body.userId);
      if (!user) throw new DomainError('account.not_found');
      await updateUser(tx, authCache, user.id, { creditScore: body.score });
      return {
        data: toAdminUser({ ...user, creditScore: body.score }),
        before: { creditScore: user.creditScore },
        after: { creditScore: body.score },
      };
    },
    { target: userTarget },
  );

  registerAdminRoute(app, deps, adminEndpoints.configGet, async () => ({ data: { list: settings.list() } }));

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.configSet,
    async ({ body, tx, admin }) => {
      const def = configKeyMap.get(body.key);
      if (!def) throw new DomainError('request.invalid', { fields: { key: 'enum' } });
      const parsed = def.schema.safeParse(body.value, { error: reasonErrorMap });
      if (!parsed.success || parsed.data === undefined) {
        throw new DomainError('request.invalid', { fields: { value: 'format' } });
      }
      const before = settings.item(body.key).value;
      const { item, publish } = await settings.set(tx, body.key, parsed.data, admin?.adminId ?? null);
      return {
        data: item,
        before: { value: before },
        after: { value: item.value },
        targetType: 'config',
        targetId: body.key,
        afterCommit: publish,
      };
    },
    { target: (b) => ({ type: 'config', id: typeof b.key === 'string' ? b.key.slice(0, 100) : null }) },
  );

  registerAdminRoute(app, deps, adminEndpoints.auditList, async ({ body, tx }) => ({
    data: await listAudit(tx, body, body.page, body.size),
  }));
}
