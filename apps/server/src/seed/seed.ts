/**
 * Data every installation needs (legal texts) and, with DEMO=1, demo data: the organisation
 * whose code registration accepts, deposit channels, notices, news, lending, new-share and block products. Idempotent: running it again adds nothing.
 */
import { configKeyDef, languages, legalKinds } from '@brokerage/contract';
import type { Clock } from '../platform/clock.js';
import { transaction, type Db } from '../platform/db.js';
import { storeLegal } from '../modules/common/index.js';
import { publishNotice } from '../modules/messages/index.js';
import { insertOrganisation } from '../modules/auth/index.js';
import { LEGAL_VERSION, legalTexts } from './legal-texts.js';
import { seedNews } from '../modules/market/index.js';
import { newsSeeds } from './news-texts.js';
import { seedLendingProducts } from '../modules/lending/index.js';
import { createLedger, DEFAULT_HOUSE_STRIPES } from '../modules/ledger/index.js';
import { seedNewShares } from '../modules/newshare/index.js';
import { seedBlockProducts } from '../modules/block/index.js';
import { seedCopyFunds, type CopyEngineDeps } from '../modules/copy/index.js';
import { hasSettingRow, insertSettingRow } from '../platform/settings.repository.js';
import { demoDepositChannels } from './deposit-channels.js';

export async function seedEssentials(db: Db, clock: Clock): Promise<void> {
  for (const lang of languages) {
    for (const kind of legalKinds) {
      const text = legalTexts[lang][kind];
      await storeLegal(db, {
        kind,
        version: LEGAL_VERSION,
        lang,
        title: text.title,
        content: text.content,
        updatedAt: clock.now(),
      });
    }
  }
}

/**
 * The demo deposit channels (seed/deposit-channels.ts) as the operator's `deposit.channels`
 * value, checked against the key's schema; a value already stored (seeded before, or set by an
 * operator) is left as it is.
 */
export async function seedDepositChannels(db: Db, clock: Clock): Promise<boolean> {
  if (await hasSettingRow(db, 'deposit.channels')) return false;
  const value = configKeyDef('deposit.channels').schema.parse(demoDepositChannels);
  await insertSettingRow(db, { key: 'deposit.channels', value, updatedAt: clock.now(), updatedBy: null });
  return true;
}

/** Seeds the demo data; returns the demo block-trade secret key when it was just created (printed once by `npm start`). */
export async function seedDemo(db: Db, clock: Clock, inviteCode: string): Promise<{ blockSecretKey: string | null }> {
  await insertOrganisation(db, { id: 'org_demo', name: 'Demo organisation', code: inviteCode });
  await publishNotice(db, clock, {
    id: 'nt_welcome',
    title: 'Welcome to Meridian Securities',
    content: '<p>Verify your real name, bind a card and make your first deposit to start trading.</p>',
  });
  await publishNotice(db, clock, {
    id: 'nt_hours',
    title: 'Trading hours',
    content:
      '<p>Mexico 08:30–15:00 (Mexico City), United States 09:30–16:00 with pre-market 04:00–09:30 and after-hours 16:00–20:00 (New York), Spain 09:00–17:30 (Madrid). Digital currencies trade around the clock.</p>',
  });
  await publishNotice(db, clock, {
    id: 'nt_withdraw',
    title: 'Withdrawal window',
    content:
      '<p>Withdrawals are accepted on business days 09:30–24:00 (Mexico City). Every rule that could hold a withdrawal is shown before you submit.</p>',
  });
  await seedDepositChannels(db, clock);
  await seedNews(db, newsSeeds); // the demo news items, written for this product (seed/news-texts.ts)
  await seedLendingProducts(db, clock);
  // the demo draw is paid on allotment: its ledger posts nothing, the stripe count does not matter
  await transaction(db, (tx) => seedNewShares(tx, clock, createLedger({ clock, houseStripes: DEFAULT_HOUSE_STRIPES })));
  const blockSecretKey = await transaction(db, (tx) => seedBlockProducts(tx, clock));
  return { blockSecretKey };
}

/**
 * Demo data that needs the running market (DEMO=1): the copy-trading funds, whose 30 days of
 * history are their strategy's backtest on the feed's closes. Called once the app is built.
 */
export async function seedDemoMarketData(deps: CopyEngineDeps): Promise<void> {
  await transaction(deps.db, (tx) => seedCopyFunds(tx, deps));
}
