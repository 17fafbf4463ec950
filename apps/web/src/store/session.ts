/**
 * The client's persisted state: exactly the local-storage keys of spec §3 (tokend, account,
 * is_admin, language, stock, readMsgIds, stockDetail) plus the up/down colour setting.
 * Each key is written to localStorage under its own name whenever it changes (spec §4
 * "Session values are saved to local storage whenever they change"): strings plainly,
 * arrays and objects as JSON.
 */
import type { Language } from '@brokerage/contract';
import { defaultUpColour } from '@brokerage/i18n/meta';
import { createStore, useStore } from 'zustand';

export type StockMarket = 'mxn' | 'usd';
export type UpColour = 'green' | 'red';

export const languageCodes = ['en', 'de', 'zh', 'esp', 'kor'] as const satisfies readonly Language[];

export interface PersistedState {
  tokend: string;
  account: string;
  is_admin: string | null;
  language: Language;
  stock: StockMarket;
  readMsgIds: string[];
  stockDetail: unknown;
  /**
   * Not one of the spec §3 keys: an addition, stored under its own local key `upColour` like
   * them. null follows the language default (docs/ui.md: green-up for en, de, esp; red-up for zh, kor).
   */
  upColour: UpColour | null;
}

type Key = keyof PersistedState;
const keys: Key[] = ['tokend', 'account', 'is_admin', 'language', 'stock', 'readMsgIds', 'stockDetail', 'upColour'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** docs/ui.md: red-up for Chinese and Korean, green-up for the others (the table lives in `@brokerage/i18n`). */
export function defaultUpColourFor(language: Language): UpColour {
  return defaultUpColour[language];
}

/**
 * The browser's preferred language among the five, for a user who has not chosen one (the
 * stored `language` key wins): `de-AT` → de, any Chinese → zh, `es-MX` → esp, `ko` → kor, else en.
 */
export function browserLanguage(
  preferred: readonly string[] | undefined = typeof navigator === 'undefined' ? undefined : navigator.languages,
): Language {
  const list =
    preferred && preferred.length > 0 ? preferred : typeof navigator === 'undefined' ? [] : [navigator.language];
  const byPrefix: Record<string, Language> = { en: 'en', de: 'de', zh: 'zh', es: 'esp', ko: 'kor' };
  for (const tag of list) {
    const match = byPrefix[String(tag).toLowerCase().split(/[-_]/)[0] ?? ''];
    if (match) return match;
  }
  return 'en';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function readPersisted(): PersistedState {
  const s = storage();
  const get = (key: string): string | null => (s ? s.getItem(key) : null);
  const language = get('language');
  const stock = get('stock');
  const upColour = get('upColour');
  const readIds = readJson(get('readMsgIds'));
  return {
    tokend: get('tokend') ?? '',
    account: get('account') ?? '',
    is_admin: get('is_admin'),
    language: isLanguage(language) ? language : browserLanguage(),
    stock: stock === 'usd' ? 'usd' : 'mxn',
    readMsgIds: Array.isArray(readIds) ? readIds.filter((id): id is string => typeof id === 'string') : [],
    stockDetail: readJson(get('stockDetail')),
    upColour: upColour === 'green' || upColour === 'red' ? upColour : null,
  };
}

function writeKey(key: Key, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === null || value === undefined || value === '') {
    s.removeItem(key);
  } else if (typeof value === 'string') {
    s.setItem(key, value);
  } else {
    s.setItem(key, JSON.stringify(value));
  }
}

export interface SessionActions {
  signIn: (token: string, account: string) => void;
  /** Removes tokend and account (spec §4 exit action). */
  signOut: () => void;
  /** After a 401: all local storage has been cleared; forget the session in memory too. */
  forgetAll: () => void;
  setLanguage: (language: Language) => void;
  setStock: (stock: StockMarket) => void;
  markRead: (id: string) => void;
  setStockDetail: (detail: unknown) => void;
  setUpColour: (colour: UpColour | null) => void;
}

export type SessionState = PersistedState & SessionActions;

export function createSessionStore(initial: PersistedState = readPersisted()) {
  const store = createStore<SessionState>()((set, get) => ({
    ...initial,
    signIn: (tokend, account) => set({ tokend, account }),
    signOut: () => set({ tokend: '', account: '' }),
    forgetAll: () => set({ tokend: '', account: '', is_admin: null, readMsgIds: [], stockDetail: null }),
    setLanguage: (language) => set({ language }),
    setStock: (stock) => set({ stock }),
    markRead: (id) => {
      if (!get().readMsgIds.includes(id)) set({ readMsgIds: [...get().readMsgIds, id] });
    },
    setStockDetail: (stockDetail) => set({ stockDetail }),
    setUpColour: (upColour) => set({ upColour }),
  }));
  store.subscribe((state, previous) => {
    for (const key of keys) {
      if (state[key] !== previous[key]) writeKey(key, state[key]);
    }
  });
  return store;
}

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export function effectiveUpColour(state: Pick<PersistedState, 'upColour' | 'language'>): UpColour {
  return state.upColour ?? defaultUpColourFor(state.language);
}
