/**
 * Back-office lending products (docs/api.md §19.5): their page of `/product/list`, create, update. Changes are audited with before and
 * after (platform/admin-http). The rate and the term are contractual (§19.6): they change only while
 * the product has no application (`product.terms_locked`).
 */
import { adminEndpoints, Dec, type LendingProduct } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import * as repo from './lending.repository.js';
import type { NewProductRow } from './lending.repository.js';
import { productList, toProduct } from './lending.service.js';

/** The back office's page of `/product/list` kind `lending`, newest first. */
export function lendingProductPage(db: Db, page: number, size: number) {
  return productList(db, { page, size }, false);
}

const TARGET = 'lending_product';

async function productView(db: Db, id: string): Promise<LendingProduct> {
  const row = await repo.findProduct(db, id);
  if (!row) throw new DomainError('product.not_found');
  return toProduct(row, (await repo.quotaUsedOf(db, [id])).get(id));
}

export function registerLendingAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { clock } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: TARGET,
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.lendingCreate,
    async ({ body, tx }) => {
      const now = clock.now();
      const row = await repo.insertProduct(tx, {
        id: newId('lp'),
        name: body.name,
        names: body.names,
        currency: body.currency,
        dailyRate: body.dailyRate,
        termDays: body.termDays,
        minAmount: new Dec(body.minAmount),
        quota: new Dec(body.quota),
        open: body.open,
        createdAt: now,
        updatedAt: now,
      });
      const product = toProduct(row, undefined);
      return { data: product, after: product, targetType: TARGET, targetId: row.id };
    },
    { target: () => ({ type: TARGET, id: null }) },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.lendingUpdate,
    async ({ body, tx }) => {
      // locked like an application locks it: an application and a term change never interleave
      const row = await repo.lockProduct(tx, body.id);
      if (!row) throw new DomainError('product.not_found');
      const before = await productView(tx, row.id);
      const termChanges: Record<string, 'not_allowed'> = {};
      if (body.dailyRate !== undefined && !new Dec(body.dailyRate).eq(row.dailyRate))
        termChanges.dailyRate = 'not_allowed';
      if (body.termDays !== undefined && body.termDays !== row.termDays) termChanges.termDays = 'not_allowed';
      if (Object.keys(termChanges).length > 0 && (await repo.hasRecords(tx, row.id))) {
        throw new DomainError('product.terms_locked', { fields: termChanges });
      }
      const patch: Partial<NewProductRow> = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.names !== undefined) patch.names = body.names;
      if (body.minAmount !== undefined) patch.minAmount = new Dec(body.minAmount);
      if (body.quota !== undefined) patch.quota = new Dec(body.quota);
      if (body.open !== undefined) patch.open = body.open;
      if (body.dailyRate !== undefined) patch.dailyRate = body.dailyRate;
      if (body.termDays !== undefined) patch.termDays = body.termDays;
      await repo.updateProduct(tx, row.id, patch);
      const after = await productView(tx, row.id);
      return { data: after, before, after };
    },
    { target },
  );
}
