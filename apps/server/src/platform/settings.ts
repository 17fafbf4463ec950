/**
 * Operator settings (docs/api.md §19.7): every key has a schema and a default in the contract; an
 * operator's value overrides it. Values are cached in the process. A change reaches this
 * process's cache once its transaction has committed, and, with Redis, every other instance
 * reloads on a pub/sub message (with a periodic reload in case a message is lost).
 */
import { configKeyDef, configKeyMap, configKeys, type ConfigKey, type ConfigValue } from '@brokerage/contract';
import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Db, Tx } from './db.js';
import { channelName } from './redis.js';
import { allSettingRows, hasSettingRow, insertSettingRow, updateSettingRow } from './settings.repository.js';

export interface SettingItem {
  key: string;
  value: unknown;
  updatedAt: string | null;
  updatedBy: string | null;
}

const CHANNEL = 'settings:changed';
/** How often an instance attached to Redis re-reads the settings anyway (a lost message heals within this). */
export const SETTINGS_RELOAD_MS = 60_000;

interface CachedSetting {
  value: unknown;
  updatedAt: Date;
  updatedBy: string | null;
}

function sameSetting(a: CachedSetting | undefined, b: CachedSetting): boolean {
  return (
    a !== undefined &&
    a.updatedAt.getTime() === b.updatedAt.getTime() &&
    JSON.stringify(a.value) === JSON.stringify(b.value)
  );
}

export class Settings {
  private cache = new Map<string, CachedSetting>();
  private loaded = false;
  private announce: ((key: string) => void) | null = null;
  /** Bumped on every change, so derived caches (the market calendars) know when to rebuild. */
  version = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Reads every stored value; the version moves only when something differs from the cache. */
  async load(): Promise<void> {
    const rows = await allSettingRows(this.db);
    const next = new Map(rows.map((r) => [r.key, { value: r.value, updatedAt: r.updatedAt, updatedBy: r.updatedBy }]));
    const changed =
      !this.loaded ||
      next.size !== this.cache.size ||
      [...next].some(([key, row]) => !sameSetting(this.cache.get(key), row));
    this.cache = next;
    this.loaded = true;
    if (changed) this.version++;
  }

  /**
   * Keeps this instance in step with the others sharing the Redis server: a committed change
   * anywhere is announced on a channel and every instance reloads; a reload every
   * `reloadEveryMs` covers a lost message. Returns the detach function.
   */
  attachRedis(redis: Redis, onError: (error: unknown) => void, reloadEveryMs = SETTINGS_RELOAD_MS): () => void {
    const reload = () => void this.load().catch(onError);
    const channel = channelName(redis, CHANNEL);
    const subscriber = redis.duplicate();
    void subscriber.subscribe(channel).catch(onError);
    subscriber.on('message', reload);
    const timer = setInterval(reload, reloadEveryMs);
    timer.unref();
    this.announce = (key) => void redis.publish(channel, key).catch(onError);
    return () => {
      this.announce = null;
      clearInterval(timer);
      subscriber.disconnect();
    };
  }

  private ensureLoaded(): void {
    if (!this.loaded) throw new Error('settings used before load()');
  }

  /**
   * The effective value of a key: the operator's, else the contract default, typed by the key
   * (`ConfigValue<K>`, derived from the key's schema in the contract).
   */
  get<K extends ConfigKey>(key: K): ConfigValue<K> {
    this.ensureLoaded();
    const def = configKeyDef(key);
    const row = this.cache.get(key);
    // a stored value passed the key's schema on its way in (`/config/set` stores the parsed value)
    return row ? (row.value as ConfigValue<K>) : def.default;
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

  /**
   * Writes a value already validated against the key's schema, inside the caller's transaction.
   * `item` is the setting as it will read once committed; `publish` must run after the commit:
   * it puts the value in this process's cache and tells the other instances, so no instance
   * ever serves a value whose transaction rolled back.
   */
  async set(
    tx: Tx,
    key: string,
    value: unknown,
    updatedBy: string | null,
  ): Promise<{ item: SettingItem; publish: () => void }> {
    this.ensureLoaded();
    if (!configKeyMap.has(key)) throw new Error(`unknown config key ${key}`);
    const now = this.clock.now();
    if (await hasSettingRow(tx, key)) {
      await updateSettingRow(tx, key, { value, updatedAt: now, updatedBy });
    } else {
      await insertSettingRow(tx, { key, value, updatedAt: now, updatedBy });
    }
    const stored: CachedSetting = { value, updatedAt: now, updatedBy };
    return {
      item: { key, value, updatedAt: now.toISOString(), updatedBy },
      publish: () => {
        this.cache.set(key, stored);
        this.version++;
        this.announce?.(key);
      },
    };
  }
}
