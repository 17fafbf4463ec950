/**
 * Demo offerings (docs/api.md §21, DEMO=1), dated from the moment of seeding so a fresh start always
 * has an IPO, a placement and a capital increase open in each stock market (the Spanish capital
 * increase opens two days later), and one offering already drawn whose proof anyone can verify (`scripts/verify-draw.mjs`). The drawn one's applications
 * are demo investors' (ids `u_demo_investor_*`, no accounts), paid on allotment, so no money
 * moves for them; the draw itself is the real one (`runDraw`). Fixed ids: seeding twice adds nothing.
 */
import { Dec } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db, type Tx } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { MarketFeed } from '../market/index.js';
import type { Ledger } from '../ledger/index.js';
import { sealSeed } from './draw-seed.js';
import { newDrawSeed, seedHashOf } from './draw.js';
import { runDraw } from './draw.service.js';
import { amountFor } from './newshare.service.js';
import { currencyOfMarket, instrumentIdOf, syncListings } from './listings.js';
import * as repo from './newshare.repository.js';
import type { NewShareRow } from './newshare.repository.js';
import { initialSubscriptionState } from './newshare.states.js';

const DAY = 24 * 60 * 60 * 1000;
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

type DemoTerms = Omit<
  NewShareRow,
  'currency' | 'instrumentId' | 'drawSeed' | 'drawSeedHash' | 'createdAt' | 'updatedAt'
>;

function offering(
  now: Date,
  t: Omit<DemoTerms, 'applyStart' | 'applyEnd' | 'paymentDeadline' | 'drawDate' | 'distributionDate' | 'listingDate'>,
  startDay: number,
  endDay: number,
): DemoTerms {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return {
    ...t,
    applyStart: at(startDay),
    applyEnd: at(endDay),
    drawDate: dateOf(at(endDay + 1)),
    paymentDeadline: at(endDay + 3),
    distributionDate: dateOf(at(endDay + 5)),
    listingDate: dateOf(at(endDay + 6)),
  };
}

/** The module's seed: the offerings and the demo draw commit together; the feed then lists their instruments. */
export async function seedDemoNewShares(
  db: Db,
  clock: Clock,
  ledger: Ledger,
  feed: MarketFeed,
  secrets: SecretBox,
): Promise<void> {
  await transaction(db, (tx) => seedNewShares(tx, clock, ledger, secrets));
  await syncListings(db, feed);
}

/** In the seed's transaction (`seedDemoNewShares`): the offerings and the demo draw commit together. */
export async function seedNewShares(tx: Tx, clock: Clock, ledger: Ledger, secrets: SecretBox): Promise<void> {
  const now = clock.now();
  const common = {
    channelOpen: true,
    channelPasswordRequired: false,
    channelPasswordHash: null,
    lockDays: 0,
    maxApplicationsPerUser: 1,
  };
  const demo: DemoTerms[] = [
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_nova',
        kind: 'ipo',
        name: 'Nova Energía',
        code: 'NOVA',
        market: 'mxn',
        issuePrice: new Dec('18.50'),
        sharesOffered: 5_000_000,
        minShares: 10_000,
        minInvestment: new Dec('185000'),
        placementTiers: null,
        issueMarket: 'BMV',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'on_allotment',
      },
      -1,
      6,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_helios',
        kind: 'placement',
        name: 'Helios Robotics',
        code: 'HLRB',
        market: 'usd',
        issuePrice: new Dec('24.00'),
        sharesOffered: 800_000,
        minShares: 100,
        minInvestment: new Dec('2400'),
        issueMarket: 'NASDAQ',
        sponsorBroker: 'Meridian Capital Markets',
        placementTiers: [
          { accountType: 'standard', minAmount: '5000' },
          { accountType: 'institutional', minAmount: '2400' },
          { accountType: 'dma', minAmount: '2400' },
        ],
        paymentMode: 'prepaid',
        lockDays: 30,
      },
      -2,
      4,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_iberia',
        kind: 'capital_increase',
        name: 'Iberia Solar',
        code: 'ISOL',
        market: 'eur',
        issuePrice: new Dec('9.40'),
        sharesOffered: 2_000_000,
        minShares: 100,
        minInvestment: new Dec('940'),
        placementTiers: null,
        issueMarket: 'BME',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'prepaid',
      },
      2,
      9,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_aurora',
        kind: 'ipo',
        name: 'Aurora Biotech',
        code: 'AURB',
        market: 'usd',
        issuePrice: new Dec('21.00'),
        sharesOffered: 3_000_000,
        minShares: 10_000,
        minInvestment: new Dec('210000'),
        placementTiers: null,
        issueMarket: 'NYSE',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'prepaid',
        lockDays: 10,
      },
      -1,
      5,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_costa',
        kind: 'ipo',
        name: 'Costa Verde Hoteles',
        code: 'CVHT',
        market: 'eur',
        issuePrice: new Dec('12.30'),
        sharesOffered: 4_000_000,
        minShares: 10_000,
        minInvestment: new Dec('123000'),
        placementTiers: null,
        issueMarket: 'BME',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'on_allotment',
      },
      0,
      7,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_sierra',
        kind: 'placement',
        name: 'Sierra Cemento',
        code: 'SRCM',
        market: 'mxn',
        issuePrice: new Dec('41.20'),
        sharesOffered: 1_500_000,
        minShares: 100,
        minInvestment: new Dec('4120'),
        issueMarket: 'BMV',
        sponsorBroker: 'Meridian Capital Markets',
        placementTiers: [
          { accountType: 'standard', minAmount: '100000' },
          { accountType: 'institutional', minAmount: '50000' },
          { accountType: 'dma', minAmount: '50000' },
        ],
        paymentMode: 'prepaid',
        lockDays: 15,
      },
      -1,
      5,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_lumen',
        kind: 'placement',
        name: 'Lumen Redes',
        code: 'LMNR',
        market: 'eur',
        issuePrice: new Dec('7.80'),
        sharesOffered: 2_500_000,
        minShares: 100,
        minInvestment: new Dec('780'),
        issueMarket: 'BME',
        sponsorBroker: 'Meridian Capital Markets',
        placementTiers: [
          { accountType: 'standard', minAmount: '5000' },
          { accountType: 'institutional', minAmount: '2000' },
          { accountType: 'dma', minAmount: '2000' },
        ],
        paymentMode: 'on_allotment',
      },
      -3,
      3,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_puerto',
        kind: 'capital_increase',
        name: 'Puerto Logística',
        code: 'PTLG',
        market: 'mxn',
        issuePrice: new Dec('15.60'),
        sharesOffered: 6_000_000,
        minShares: 100,
        minInvestment: new Dec('1560'),
        placementTiers: null,
        issueMarket: 'BMV',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'on_allotment',
      },
      -2,
      6,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_quanta',
        kind: 'capital_increase',
        name: 'Quanta Grid',
        code: 'QGRD',
        market: 'usd',
        issuePrice: new Dec('33.50'),
        sharesOffered: 1_200_000,
        minShares: 100,
        minInvestment: new Dec('3350'),
        placementTiers: null,
        issueMarket: 'NASDAQ',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'prepaid',
      },
      -1,
      8,
    ),
    offering(
      now,
      {
        ...common,
        id: 'ns_demo_andes',
        kind: 'ipo',
        name: 'Andes Litio',
        code: 'ANLI',
        market: 'mxn',
        issuePrice: new Dec('32.00'),
        sharesOffered: 100_000,
        minShares: 10_000,
        minInvestment: new Dec('320000'),
        placementTiers: null,
        issueMarket: 'BMV',
        sponsorBroker: 'Meridian Capital Markets',
        paymentMode: 'on_allotment',
      },
      -8,
      -1,
    ),
  ];
  for (const t of demo) {
    if (await repo.findShare(tx, t.id)) continue;
    const seed = newDrawSeed();
    await repo.insertShare(tx, {
      ...t,
      currency: currencyOfMarket[t.market],
      instrumentId: instrumentIdOf(t.market, t.code),
      drawSeed: sealSeed(secrets, t.id, seed),
      drawSeedHash: seedHashOf(seed),
      createdAt: now,
      updatedAt: now,
    });
  }
  // the drawn demo offering: 12 demo investors applied for 210,000 shares of 100,000 offered
  const drawn = await repo.findShare(tx, 'ns_demo_andes');
  if (!drawn || drawn.drawnAt) return;
  const applied = new Date(drawn.applyStart.getTime() + DAY);
  const quantities = [10_000, 10_000, 15_000, 10_000, 30_000, 12_000, 10_000, 25_000, 10_000, 40_000, 18_000, 20_000];
  for (const [i, quantity] of quantities.entries()) {
    await repo.insertSubscription(tx, {
      id: `sb_demo_andes_${String(i + 1).padStart(2, '0')}`,
      userId: `u_demo_investor_${i + 1}`,
      newShareId: drawn.id,
      state: initialSubscriptionState(),
      paymentMode: drawn.paymentMode,
      currency: drawn.currency,
      quantity,
      issuePrice: drawn.issuePrice.amount,
      amount: amountFor(drawn, quantity).amount,
      frozenAmount: new Dec(0),
      appliedAt: applied,
      updatedAt: applied,
    });
  }
  await runDraw(tx, { clock, ledger, secrets }, drawn.id);
}
