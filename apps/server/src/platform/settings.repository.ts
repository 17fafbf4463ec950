/** Queries of the operators' setting values (docs/api.md §19.7); `settings.ts` caches them. */
import { eq } from 'drizzle-orm';
import type { Db } from './db.js';
import { configEntries } from './settings.tables.js';

export type SettingRow = typeof configEntries.$inferSelect;

export async function allSettingRows(db: Db): Promise<SettingRow[]> {
  return db.select().from(configEntries);
}

/** Whether an operator has stored a value for the key. */
export async function hasSettingRow(db: Db, key: string): Promise<boolean> {
  const rows = await db.select().from(configEntries).where(eq(configEntries.key, key));
  return rows.length > 0;
}

export async function updateSettingRow(db: Db, key: string, patch: Omit<SettingRow, 'key'>): Promise<void> {
  await db.update(configEntries).set(patch).where(eq(configEntries.key, key));
}

export async function insertSettingRow(db: Db, row: SettingRow): Promise<void> {
  await db.insert(configEntries).values(row);
}
