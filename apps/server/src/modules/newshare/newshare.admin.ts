/**
 * Back-office side of new shares (docs/api.md §19.5): list, create, update, rotate the channel
 * password, and the draw. Every change is audited with before and after (platform/admin-http);
 * the channel password is returned once and never stored or audited in clear. The operator sets
 * terms only (§19.6): the draw takes the offering's id and nothing else.
 */
import {
  adminEndpoints,
  Dec,
  newShareFixedTerms,
  newShareLockedTerms,
  type AdminNewShare,
  type adminNewShareCreateRequest,
} from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId, newSecret } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { Settings } from '../../platform/settings.js';
import type { Ledger } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { sealSeed } from './draw-seed.js';
import { newDrawSeed, seedHashOf } from './draw.js';
import { runDraw } from './draw.service.js';
import { currencyOfMarket, instrumentIdOf, listingDefOf, syncListings } from './listings.js';
import * as repo from './newshare.repository.js';
import type { NewShareRow, ShareRow } from './newshare.repository.js';
import { toDetail } from './newshare.service.js';

const TARGET = 'new_share';

export interface NewShareAdminDeps extends AdminDeps {
  feed: MarketFeed;
  settings: Settings;
  ledger: Ledger;
  /** seals the draw seed at rest until the draw (draw-seed.ts) */
  secrets: SecretBox;
}

type Terms = Omit<z.output<typeof adminNewShareCreateRequest>, 'reason'>;

async function adminView(
  db: Db,
  deps: Pick<NewShareAdminDeps, 'feed' | 'settings' | 'clock'>,
  share: ShareRow,
): Promise<AdminNewShare> {
  const totals = (await repo.subscribedOf(db, [share.id])).get(share.id);
  const { my: _my, ...detail } = toDetail(deps, share, share.totalSubscription ?? totals?.quantity ?? 0, null);
  return { ...detail, applicationsCount: totals?.applications ?? 0, createdAt: share.createdAt.toISOString() };
}

/** The back office's page of `/product/list` kind `new_share`, newest first. */
export async function newShareProductPage(
  db: Db,
  deps: Pick<NewShareAdminDeps, 'feed' | 'settings' | 'clock'>,
  page: number,
  size: number,
) {
  const { rows, total } = await repo.listSharesNewest(db, page, size);
  const list: AdminNewShare[] = [];
  for (const share of rows) list.push(await adminView(db, deps, share));
  return { list, total, page, size };
}

/** Dates and windows that must hold together (`request.invalid` names the field that breaks them). */
function checkTerms(t: Terms): void {
  const fields: Record<string, string> = {};
  if (new Date(t.applyEnd) <= new Date(t.applyStart)) fields.applyEnd = 'before_start';
  if (new Date(t.paymentDeadline) < new Date(t.applyEnd)) fields.paymentDeadline = 'before_apply_end';
  if (t.listingDate < t.applyEnd.slice(0, 10)) fields.listingDate = 'before_apply_end';
  if (t.drawDate < t.applyEnd.slice(0, 10)) fields.drawDate = 'before_apply_end';
  if (t.kind === 'placement' && (!t.placementTiers || t.placementTiers.length === 0))
    fields.placementTiers = 'required';
  if (t.kind !== 'placement' && t.placementTiers && t.placementTiers.length > 0) fields.placementTiers = 'not_allowed';
  if (Object.keys(fields).length > 0) throw new DomainError('request.invalid', { fields });
}

export function registerNewShareAdminRoutes(app: FastifyInstance, deps: NewShareAdminDeps): void {
  const { clock } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: TARGET,
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newShareCreate,
    async ({ body, tx }) => {
      const { reason: _reason, ...terms } = body;
      checkTerms(terms);
      const instrumentId = instrumentIdOf(terms.market, terms.code);
      if (deps.feed.instrument(instrumentId) || (await repo.codeTaken(tx, terms.code, instrumentId))) {
        throw new DomainError('request.invalid', { fields: { code: 'exists' } });
      }
      const now = clock.now();
      const channelPassword = terms.channelPasswordRequired ? newSecret() : undefined;
      const seed = newDrawSeed();
      const id = newId('ns');
      const share = await repo.insertShare(tx, {
        ...terms,
        id,
        currency: currencyOfMarket[terms.market],
        instrumentId,
        issuePrice: new Dec(terms.issuePrice),
        minInvestment: new Dec(terms.minInvestment),
        applyStart: new Date(terms.applyStart),
        applyEnd: new Date(terms.applyEnd),
        paymentDeadline: new Date(terms.paymentDeadline),
        placementTiers: terms.placementTiers ?? null,
        channelPasswordHash: channelPassword ? await hashPassword(channelPassword) : null,
        drawSeed: sealSeed(deps.secrets, id, seed),
        drawSeedHash: seedHashOf(seed),
        createdAt: now,
        updatedAt: now,
      });
      const view = await adminView(tx, deps, share);
      return {
        data: channelPassword ? { ...view, channelPassword } : view,
        after: view,
        targetType: TARGET,
        targetId: share.id,
        afterCommit: () => deps.feed.addListings([listingDefOf(share)]),
      };
    },
    { target: () => ({ type: TARGET, id: null }) },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newShareUpdate,
    async ({ body, tx }) => {
      const share = await repo.lockShare(tx, body.id);
      if (!share) throw new DomainError('product.not_found');
      const before = await adminView(tx, deps, share);
      const { id: _id, reason: _reason, ...changes } = body;
      const refused: Record<string, 'not_allowed'> = {};
      for (const field of newShareFixedTerms)
        if (changes[field] !== undefined && changes[field] !== share[field]) refused[field] = 'not_allowed';
      if (Object.keys(refused).length > 0) throw new DomainError('request.invalid', { fields: refused });
      const hasApplications = before.applicationsCount > 0;
      const locked: Record<string, 'not_allowed'> = {};
      // once the window has closed no term changes at all: the offering is what users applied to
      if (clock.now() >= share.applyEnd) {
        for (const [field, value] of Object.entries(changes)) {
          if (
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[field])
          )
            locked[field] = 'not_allowed';
        }
      }
      if (hasApplications || share.drawnAt) {
        for (const field of newShareLockedTerms) {
          const value = changes[field];
          if (
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[field])
          )
            locked[field] = 'not_allowed';
        }
      }
      if (Object.keys(locked).length > 0) throw new DomainError('product.terms_locked', { fields: locked });
      const merged: Terms = {
        kind: share.kind,
        name: share.name,
        code: share.code,
        market: share.market,
        issuePrice: before.issuePrice,
        sharesOffered: share.sharesOffered,
        minShares: share.minShares,
        minInvestment: before.minInvestment,
        placementTiers: share.placementTiers,
        maxApplicationsPerUser: share.maxApplicationsPerUser,
        applyStart: before.applyStart,
        applyEnd: before.applyEnd,
        drawDate: share.drawDate,
        paymentDeadline: before.paymentDeadline,
        distributionDate: share.distributionDate,
        listingDate: share.listingDate,
        issueMarket: share.issueMarket,
        sponsorBroker: share.sponsorBroker,
        paymentMode: share.paymentMode,
        channelOpen: share.channelOpen,
        channelPasswordRequired: share.channelPasswordRequired,
        lockDays: share.lockDays,
        ...changes,
      };
      checkTerms(merged);
      if (share.drawnAt && (changes.applyEnd !== undefined || changes.listingDate !== undefined)) {
        throw new DomainError('product.terms_locked', {
          fields: { applyEnd: 'not_allowed', listingDate: 'not_allowed' },
        });
      }
      const { issuePrice, minInvestment, ...unpriced } = changes;
      const patch: Partial<NewShareRow> = {
        ...unpriced,
        ...(issuePrice !== undefined && { issuePrice: new Dec(issuePrice) }),
        ...(minInvestment !== undefined && { minInvestment: new Dec(minInvestment) }),
        updatedAt: clock.now(),
        applyStart: new Date(merged.applyStart),
        applyEnd: new Date(merged.applyEnd),
        paymentDeadline: new Date(merged.paymentDeadline),
      };
      // turning the password on without one set would lock everyone out: it needs a rotation, which returns the new one
      if (changes.channelPasswordRequired === true && !share.channelPasswordHash) {
        const channelPassword = newSecret();
        patch.channelPasswordHash = await hashPassword(channelPassword);
        const updated = await repo.updateShare(tx, share.id, patch);
        const after = await adminView(tx, deps, updated);
        return { data: { ...after, channelPassword }, before, after };
      }
      const updated = await repo.updateShare(tx, share.id, patch);
      const after = await adminView(tx, deps, updated);
      return { data: after, before, after, afterCommit: () => void syncListings(deps.db, deps.feed) };
    },
    { target },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newShareRotateChannelPassword,
    async ({ body, tx }) => {
      const share = await repo.lockShare(tx, body.id);
      if (!share) throw new DomainError('product.not_found');
      const channelPassword = newSecret();
      await repo.updateShare(tx, share.id, {
        channelPasswordHash: await hashPassword(channelPassword),
        updatedAt: clock.now(),
      });
      return { data: { channelPassword }, after: { rotated: true } };
    },
    { target },
  );

  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newShareDraw,
    async ({ body, tx }) => {
      const outcome = await runDraw(tx, deps, body.id);
      const data = {
        totalSubscription: outcome.totalSubscription,
        winningRate: outcome.winningRate,
        winnersCount: outcome.winnersCount,
        seed: outcome.seed,
      };
      // the seed is recorded in the audit log with the results (§19.5)
      return { data, after: data };
    },
    { target },
  );
}
