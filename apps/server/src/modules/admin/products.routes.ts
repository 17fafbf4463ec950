/**
 * `/api/admin/product/list` (docs/api.md §19.5): one route for every kind of product. Each product
 * module gives the page of its own kind in its ModuleSpec (`productPage`, gathered in the kernel's
 * `productPages`), so the admin module imports none of them.
 */
import { adminEndpoints, type productKinds } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import type { Db } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';

type ProductKind = (typeof productKinds)[number];
type Page = { list: unknown[]; total: number; page: number; size: number };
export type ProductPages = Partial<Record<ProductKind, (db: Db, page: number, size: number) => Promise<Page>>>;

export function registerProductListRoute(app: FastifyInstance, deps: AdminDeps, pages: ProductPages): void {
  registerAdminRoute(app, deps, adminEndpoints.productList, async ({ body, tx }) => {
    const page = pages[body.kind];
    invariant(page, `no module gives the ${body.kind} product page`);
    // each module's page is typed by its own product schema; the endpoint's answer is their union
    return { data: (await page(tx, body.page, body.size)) as never };
  });
}
