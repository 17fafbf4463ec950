/**
 * Demo lending products (docs/api.md §21, DEMO=1) with their names in every language: fixed ids, so
 * seeding twice adds nothing (a product seeded before the translations gets them, see `fillProductNames`).
 */
import { Dec } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { fillProductNames, insertProductIfAbsent, type NewProductRow } from './lending.repository.js';

const demoProducts: Omit<NewProductRow, 'open' | 'createdAt' | 'updatedAt'>[] = [
  {
    id: 'lp_demo_mxn30',
    name: 'MXN 30-day lending',
    names: {
      de: 'MXN-Verleihung 30 Tage',
      zh: 'MXN 30 天出借',
      esp: 'Préstamo de MXN a 30 días',
      kor: 'MXN 30일 대여',
    },
    currency: 'MXN',
    dailyRate: '0.0003',
    termDays: 30,
    minAmount: new Dec('10000'),
    quota: new Dec('5000000'),
  },
  {
    id: 'lp_demo_mxn90',
    name: 'MXN 90-day lending',
    names: {
      de: 'MXN-Verleihung 90 Tage',
      zh: 'MXN 90 天出借',
      esp: 'Préstamo de MXN a 90 días',
      kor: 'MXN 90일 대여',
    },
    currency: 'MXN',
    dailyRate: '0.00035',
    termDays: 90,
    minAmount: new Dec('20000'),
    quota: new Dec('10000000'),
  },
  {
    id: 'lp_demo_usd30',
    name: 'USD 30-day lending',
    names: {
      de: 'USD-Verleihung 30 Tage',
      zh: 'USD 30 天出借',
      esp: 'Préstamo de USD a 30 días',
      kor: 'USD 30일 대여',
    },
    currency: 'USD',
    dailyRate: '0.0002',
    termDays: 30,
    minAmount: new Dec('1000'),
    quota: new Dec('500000'),
  },
];

export async function seedLendingProducts(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  for (const p of demoProducts) {
    await insertProductIfAbsent(db, { ...p, open: true, createdAt: now, updatedAt: now });
    await fillProductNames(db, p.id, p.name, p.names);
  }
}
