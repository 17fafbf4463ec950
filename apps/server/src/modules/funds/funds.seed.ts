/**
 * The demo deposit channels (docs/api.md §10.1, config key `deposit.channels` §19.7): one for every
 * currency enabled by default, so a new demo user can try a deposit at once. Every value is
 * made up and says so: no money can be sent to these accounts. Open every day, all day, so a
 * visitor can try a deposit at the weekend too (the default `deposit.window` is Mon–Fri).
 */
import { configKeyDef, type DepositChannelConfig } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { hasSettingRow, insertSettingRow } from '../../platform/settings.repository.js';

const always = { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

export const demoDepositChannels: DepositChannelConfig[] = [
  {
    id: 'demo_mxn_spei',
    type: 'bank',
    currency: 'MXN',
    name: 'SPEI transfer (demo)',
    accountName: 'Meridian Securities Holdings, Inc. — DEMO',
    accountNumber: '000180000000000001',
    bankName: 'Demo Bank México (demo account, do not pay)',
    branch: 'Ciudad de México (demo)',
    window: always,
    enabled: true,
  },
  {
    id: 'demo_usd_wire',
    type: 'bank',
    currency: 'USD',
    name: 'Wire transfer (demo)',
    accountName: 'Meridian Securities Holdings, Inc. — DEMO',
    accountNumber: '000000000001 · ABA 000000000',
    bankName: 'Demo Bank N.A. (demo account, do not pay)',
    branch: 'New York (demo)',
    window: always,
    enabled: true,
  },
  {
    id: 'demo_eur_sepa',
    type: 'bank',
    currency: 'EUR',
    name: 'SEPA transfer (demo)',
    accountName: 'Meridian Securities Holdings, Inc. — DEMO',
    accountNumber: 'DE00 0000 0000 0000 0000 01',
    bankName: 'Demo Bank AG (demo account, do not pay)',
    branch: 'Frankfurt (demo) · BIC DEMODEFFXXX',
    window: always,
    enabled: true,
  },
  {
    id: 'demo_usdt_trc20',
    type: 'crypto',
    currency: 'USDT',
    name: 'USDT TRC20 (demo)',
    network: 'TRC20',
    address: 'TDEMOxMeridianDemoWalletDoNotPay01',
    window: always,
    enabled: true,
  },
];

/**
 * The demo deposit channels as the operator's `deposit.channels` value, checked against the key's
 * schema; a value already stored (seeded before, or set by an operator) is left as it is.
 */
export async function seedDepositChannels(db: Db, clock: Clock): Promise<boolean> {
  if (await hasSettingRow(db, 'deposit.channels')) return false;
  const value = configKeyDef('deposit.channels').schema.parse(demoDepositChannels);
  await insertSettingRow(db, { key: 'deposit.channels', value, updatedAt: clock.now(), updatedBy: null });
  return true;
}
