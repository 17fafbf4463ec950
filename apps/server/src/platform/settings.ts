/**
 * Operator settings (API.md §19.7): every key has a schema and a default in the contract; an
 * operator's value overrides it. Values are cached in the process and refreshed on every set.
 */
import { configKeyMap, configKeys } from '@brokerage/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { settingsTable } from './settings.repository.js';

export interface SettingItem {
  key: string;
  value: unknown;
  updatedAt: string | null;
  updatedBy: string | null;
}

export class Settings {
  private cache = new Map<string, { value: unknown; updatedAt: Date; updatedBy: string | null }>();
  private loaded = false;
  /** Bumped on every change, so derived caches (the market calendars) know when to rebuild. */
  version = 0;

  constructor(private readonly db: Db, private readonly clock: Clock) {}

  async load(): Promise<void> {
    const rows = await this.db.select().from(settingsTable);
    this.cache = new Map(rows.map((r) => [r.key, { value: r.value, updatedAt: r.updatedAt, updatedBy: r.updatedBy }]));
    this.loaded = true;
    this.version++;
  }

  private ensureLoaded(): void {
    if (!this.loaded) throw new Error('settings used before load()');
  }

  /** The effective value of a key: the operator's, else the contract default. */
  get<T>(key: string): T {
    this.ensureLoaded();
    const def = configKeyMap.get(key);
    if (!def) throw new Error(`unknown config key ${key}`);
    const row = this.cache.get(key);
    return (row ? row.value : def.default) as T;
  }

  list(): SettingItem[] {
    this.ensureLoaded();
    return configKeys.map((def) => {
      const row = this.cache.get(def.key);
      return {
        key: def.key,
        value: row ? row.value : def.default,
        updatedAt: row ? row.updatedAt.toISOString() : null,
        updatedBy: row ? row.updatedBy : null,
      };
    });
  }

  item(key: string): SettingItem {
    const found = this.list().find((i) => i.key === key);
    if (!found) throw new Error(`unknown config key ${key}`);
    return found;
  }

  /** Writes a value already validated against the key's schema, inside the caller's transaction. */
  async set(tx: Db, key: string, value: unknown, updatedBy: string | null): Promise<SettingItem> {
    const now = this.clock.now();
    const existing = await tx.select().from(settingsTable).where(eq(settingsTable.key, key));
    if (existing.length > 0) {
      await tx.update(settingsTable).set({ value, updatedAt: now, updatedBy }).where(eq(settingsTable.key, key));
    } else {
      await tx.insert(settingsTable).values({ key, value, updatedAt: now, updatedBy });
    }
    this.cache.set(key, { value, updatedAt: now, updatedBy });
    this.version++;
    return this.item(key);
  }
}
