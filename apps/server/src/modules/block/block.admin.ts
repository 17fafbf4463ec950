/**
 * Back-office block-trade products (docs/api.md §19.5): create on an instrument of the feed (stocks
 * only), update, rotate the secret key. The key is 16 characters, argon2id, returned once and
 * never audited in clear. Changes apply to new applications only (an application copies its terms).
 */
import { adminEndpoints, Dec, type AdminBlockProduct } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId, newSecret } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Settings } from '../../platform/settings.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './block.repository.js';
import type { NewProductRow, ProductRow } from './block.repository.js';
import { toProduct } from './block.service.js';

const TARGET = 'block_product';

export interface BlockAdminDeps extends AdminDeps {
  feed: MarketFeed;
  settings: Settings;
}

async function adminView(db: Db, deps: BlockAdminDeps, product: ProductRow): Promise<AdminBlockProduct> {
  const { remainingToday: _r, ...view } = toProduct(deps, product, null);
  const count = (await repo.applicationsCountOf(db, [product.id])).get(product.id) ?? 0;
  return { ...view, applicationsCount: count, createdAt: product.createdAt.toISOString() };
}

/** The back office's page of `/product/list` kind `block`, newest first. */
export async function blockProductPage(
  db: Db,
  deps: Pick<BlockAdminDeps, 'feed' | 'settings'>,
  page: number,
  size: number,
) {
  const { rows, total } = await repo.listProductsNewest(db, page, size);
  const counts = await repo.applicationsCountOf(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => {
    const { remainingToday: _r, ...view } = toProduct(deps, r, null);
    return { ...view, applicationsCount: counts.get(r.id) ?? 0, createdAt: r.createdAt.toISOString() };
  });
  return { list, total, page, size };
}

export function registerBlockAdminRoutes(app: FastifyInstance, deps: BlockAdminDeps): void {
  const { clock } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: TARGET,
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.blockCreate,
    async ({ body, tx }) => {
      const def = deps.feed.instrument(body.instrumentId);
      if (!def || def.assetClass !== 'stock') throw new DomainError('product.not_found');
      const now = clock.now();
      const secretKey = newSecret();
      const product = await repo.insertProduct(tx, {
        id: newId('bp'),
        kind: body.kind,
        instrumentId: def.instrumentId,
        code: def.code,
        name: def.name,
        market: def.market as ProductRow['market'],
        currency: def.currency as ProductRow['currency'],
        price: new Dec(body.price),
        minShares: body.minShares,
        dailyLimit: body.dailyLimit,
        lockDays: body.lockDays,
        open: body.open,
        secretKeyHash: await hashPassword(secretKey),
        createdAt: now,
        updatedAt: now,
      });
      const view = await adminView(tx, deps, product);
      return { data: { ...view, secretKey }, after: view, targetType: TARGET, targetId: product.id };
    },
    { target: () => ({ type: TARGET, id: null }) },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.blockUpdate,
    async ({ body, tx }) => {
      const product = await repo.lockProduct(tx, body.id);
      if (!product) throw new DomainError('product.not_found');
      const before = await adminView(tx, deps, product);
      const patch: Partial<NewProductRow> = { updatedAt: clock.now() };
      if (body.price !== undefined) patch.price = new Dec(body.price);
      if (body.minShares !== undefined) patch.minShares = body.minShares;
      if (body.dailyLimit !== undefined) patch.dailyLimit = body.dailyLimit;
      if (body.lockDays !== undefined) patch.lockDays = body.lockDays;
      if (body.open !== undefined) patch.open = body.open;
      const after = await adminView(tx, deps, await repo.updateProduct(tx, product.id, patch));
      return { data: after, before, after };
    },
    { target },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.blockRotateKey,
    async ({ body, tx }) => {
      const product = await repo.lockProduct(tx, body.id);
      if (!product) throw new DomainError('product.not_found');
      const secretKey = newSecret();
      await repo.updateProduct(tx, product.id, {
        secretKeyHash: await hashPassword(secretKey),
        updatedAt: clock.now(),
      });
      return { data: { secretKey }, after: { rotated: true } };
    },
    { target },
  );
}
