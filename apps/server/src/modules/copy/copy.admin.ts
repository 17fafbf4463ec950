/**
 * Back-office fund terms (docs/api.md §19.5): create (the house seeds the fund and its strategy starts
 * at the next session), edit the name, minimum, deadline or switch, close. There is no call that
 * sets a NAV, a daily result, a profit or a payout (§19.6): those come only from copy.jobs.ts.
 */
import { adminEndpoints, Dec, Money, type AdminCopyFund } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import type { Settings } from '../../platform/settings.js';
import type { AuthCache } from '../auth/index.js';
import type { Ledger } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { launchFund } from './copy.funds.js';
import * as repo from './copy.repository.js';
import type { FundRow, NewFundRow } from './copy.repository.js';
import { navPerUnit, toFund, valueFund } from './copy.service.js';
import { canFund, transitionFund } from './copy.states.js';

const TARGET = 'copy_fund';

export interface CopyAdminDeps extends AdminDeps {
  feed: MarketFeed;
  settings: Settings;
  ledger: Ledger;
  authCache: AuthCache;
}

async function adminView(db: Db, deps: Pick<CopyAdminDeps, 'feed' | 'clock'>, fund: FundRow): Promise<AdminCopyFund> {
  const totals = (await repo.activeTotalsOf(db, [fund.id])).get(fund.id);
  const subscribed = new Dec(totals?.amount ?? '0');
  const valuation = await valueFund(db, deps.feed, fund);
  const pending = (await repo.pendingUnitsOf(db, fund.id)).reduce(
    (s, r) => s.plus(repo.copyMoney(fund, r.amount)),
    Money.zero(fund.currency),
  );
  return {
    ...toFund(fund, subscribed, deps.clock.now()),
    subscribed: Money.of(subscribed, fund.currency).toString(),
    activeSubscriptions: totals?.n ?? 0,
    nav: repo.copyDecimal(navPerUnit(fund, valuation.total, pending)),
    totalValue: valuation.total.rounded('down').toString(),
    createdAt: fund.createdAt.toISOString(),
    closedAt: fund.closedAt?.toISOString() ?? null,
  };
}

/** The back office's page of `/product/list` kind `copy`, newest first. */
export async function copyProductPage(db: Db, deps: Pick<CopyAdminDeps, 'feed' | 'clock'>, page: number, size: number) {
  const { rows, total } = await repo.listFundsNewest(db, page, size);
  const list: AdminCopyFund[] = [];
  for (const r of rows) list.push(await adminView(db, deps, r));
  return { list, total, page, size };
}

export function registerCopyAdminRoutes(app: FastifyInstance, deps: CopyAdminDeps): void {
  const { clock } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: TARGET,
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.copyCreate,
    async ({ body, tx }) => {
      const copyDeadline = new Date(body.copyDeadline);
      const endTime = new Date(body.endTime);
      if (!(endTime > clock.now()) || copyDeadline > endTime)
        throw new DomainError('request.invalid', { fields: { endTime: 'range' } });
      const fund = await launchFund(tx, deps, { ...body, copyDeadline, endTime });
      const view = await adminView(tx, deps, fund);
      return { data: view, after: view, targetType: TARGET, targetId: fund.id };
    },
    { target: () => ({ type: TARGET, id: null }) },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.copyUpdate,
    async ({ body, tx }) => {
      const fund = await repo.lockFund(tx, body.id);
      if (!fund) throw new DomainError('product.not_found');
      const before = await adminView(tx, deps, fund);
      const patch: Partial<NewFundRow> = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.names !== undefined) patch.names = body.names;
      if (body.minAmount !== undefined) patch.minAmount = body.minAmount;
      if (body.copyDeadline !== undefined) {
        const deadline = new Date(body.copyDeadline);
        if (deadline > fund.endTime) throw new DomainError('request.invalid', { fields: { copyDeadline: 'range' } });
        patch.copyDeadline = deadline;
      }
      if (body.open !== undefined) patch.open = body.open;
      const after = await adminView(tx, deps, await repo.updateFund(tx, fund.id, patch));
      return { data: after, before, after };
    },
    { target },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.copyClose,
    async ({ body, tx }) => {
      const fund = await repo.lockFund(tx, body.id);
      if (!fund) throw new DomainError('product.not_found');
      const before = await adminView(tx, deps, fund);
      // the engine sells the positions, then ends every subscription with its payout (copy.jobs.ts)
      const updated = canFund(fund, 'close')
        ? await transitionFund(tx, fund, 'close', {
            open: false,
            closeReason: 'fund_closed',
            updatedAt: clock.now(),
          })
        : fund;
      const after = await adminView(tx, deps, updated);
      return { data: after, before, after };
    },
    { target },
  );
}
