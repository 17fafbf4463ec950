import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, useTestApp } from '../../test/harness.js';
import { seedHashOf } from './draw.js';
import { sealPlainSeeds } from './draw-seed.js';
import { newShares } from './newshare.tables.js';

const t = useTestApp(undefined, undefined, { engine: false });
const DAY = 24 * 60 * 60 * 1000;

const storedSeed = async (id: string) =>
  (await t.database.db.select({ seed: newShares.drawSeed }).from(newShares).where(eq(newShares.id, id)))[0]!.seed;

describe('the draw seed at rest (issue 29)', () => {
  it('is sealed from creation until the draw, which stores and publishes it in plain text', async () => {
    const iso = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const day = (ms: number) => iso(ms).slice(0, 10);
    const created = await post(
      t.app,
      '/api/admin/newShare/create',
      {
        kind: 'ipo',
        name: 'Sealed Seed Offering',
        code: 'SEALD',
        market: 'mxn',
        issuePrice: '10.00',
        sharesOffered: 30_000,
        minShares: 10_000,
        minInvestment: '100000',
        placementTiers: null,
        maxApplicationsPerUser: 1,
        applyStart: iso(-DAY),
        applyEnd: iso(DAY),
        drawDate: day(2 * DAY),
        paymentDeadline: iso(3 * DAY),
        distributionDate: day(4 * DAY),
        listingDate: day(5 * DAY),
        issueMarket: 'BMV',
        sponsorBroker: 'Test Broker',
        paymentMode: 'on_allotment',
        channelOpen: true,
        channelPasswordRequired: false,
        lockDays: 0,
        reason: 'test',
      },
      await adminLogin(t.app, 'admin'),
    );
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const { id, drawSeedHash } = created.body.data as { id: string; drawSeedHash: string };

    // what a database read shows before the draw: a sealed value that is not the seed
    const before = await storedSeed(id);
    expect(before).toMatch(/^v1\./);
    expect(seedHashOf(before)).not.toBe(drawSeedHash);
    expect(JSON.stringify((await post(t.app, '/newShare/detail', { id })).body.data)).not.toContain(before);

    t.clock.advance(2 * DAY);
    const drawn = await post(
      t.app,
      '/api/admin/newShare/draw',
      { id, reason: 'draw day' },
      await adminLogin(t.app, 'admin'),
    );
    const { seed } = drawn.body.data as { seed: string };
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHashOf(seed)).toBe(drawSeedHash);
    expect(await storedSeed(id)).toBe(seed);
    expect((await post(t.app, '/newShare/detail', { id })).body.data).toMatchObject({ drawSeed: seed });
  });

  it('seals a seed left in plain text by an older version, once, and leaves drawn ones alone', async () => {
    const [undrawn] = await t.database.db
      .select({ id: newShares.id })
      .from(newShares)
      .where(eq(newShares.id, 'ns_demo_nova'));
    expect(undrawn).toBeDefined();
    const plain = 'ab'.repeat(32);
    await t.database.db.update(newShares).set({ drawSeed: plain }).where(eq(newShares.id, 'ns_demo_nova'));
    const drawnBefore = await storedSeed('ns_demo_andes');
    expect(drawnBefore).toMatch(/^[0-9a-f]{64}$/);

    expect(await sealPlainSeeds(t.database.db, t.deps.secrets)).toBe(1);
    const sealed = await storedSeed('ns_demo_nova');
    expect(sealed).toMatch(/^v1\./);
    expect(t.deps.secrets.open(sealed, 'newshare:ns_demo_nova')).toBe(plain);
    expect(await sealPlainSeeds(t.database.db, t.deps.secrets)).toBe(0);
    expect(await storedSeed('ns_demo_andes')).toBe(drawnBefore);
  });
});
