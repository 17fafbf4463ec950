/** TanStack Query hooks for the server state the screens read. */
import { userInfoFromWire, type Currency, type Language, type LegalKind } from '@brokerage/contract';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { call } from './client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already toasted the failure; retrying would toast it again.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryKeys = {
  config: ['config'] as const,
  userInfo: (account: string) => ['userInfo', account] as const,
  assets: (account: string, currency: Currency) => ['assets', account, currency] as const,
  notices: (account: string) => ['notices', account] as const,
  legal: (kind: LegalKind, lang: Language) => ['legal', kind, lang] as const,
};

/*
 * The key and fetch of each query below, shared by its hook and by the prefetches of
 * `api/prefetch.ts`, so a screen finds what was asked for before it rendered (issue 30).
 */

/** `/common/config` as a name → value map: key, fetch and freshness. */
export const configQuery = {
  queryKey: queryKeys.config,
  queryFn: async () => {
    const entries = await call('config', { type: 'all' }, { silent: true });
    return Object.fromEntries(entries.map((entry) => [entry.name, entry.value])) as Record<string, string>;
  },
  staleTime: 5 * 60_000,
};

/** `/user/getUserinfo` as the wire has it (the hook selects `userInfoFromWire`). */
export function userInfoQuery(account: string) {
  return { queryKey: queryKeys.userInfo(account), queryFn: () => call('getUserinfo', {}) };
}

/** `/user/assets` with its summary in `currency`. */
export function assetsQuery(account: string, currency: Currency) {
  return { queryKey: queryKeys.assets(account, currency), queryFn: () => call('assets', { currency }) };
}

/** `/user/notice`. */
export function noticesQuery(account: string) {
  return { queryKey: queryKeys.notices(account), queryFn: () => call('notice', {}) };
}

/** `/common/config` as a name → value map. */
export function useConfig() {
  return useQuery(configQuery);
}

export function useIsLoggedIn(): boolean {
  return useSession((s) => s.tokend !== '');
}

export function useUserInfo() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...userInfoQuery(account),
    // the wire's `realname` / `is_true` as `realName` / `isVerified` (docs/glossary.md)
    select: userInfoFromWire,
    enabled: loggedIn,
  });
}

/** The summary currency follows the market switch: MXN for mxn, USD for usd. */
export function summaryCurrencyOf(stock: 'mxn' | 'usd'): Currency {
  return stock === 'usd' ? 'USD' : 'MXN';
}

export function useSummaryCurrency(): Currency {
  return useSession((s) => summaryCurrencyOf(s.stock));
}

export function useAssets() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  const currency = useSummaryCurrency();
  return useQuery({
    ...assetsQuery(account, currency),
    enabled: loggedIn,
  });
}

export function useNotices() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...noticesQuery(account),
    enabled: loggedIn,
  });
}

/** Spec §2: the message icon shows a red dot when any notice id is missing from readMsgIds. */
export function useHasUnread(): boolean {
  const notices = useNotices();
  const read = useSession((s) => s.readMsgIds);
  return (notices.data ?? []).some((notice) => !read.includes(notice.id));
}

/** A legal text in the chosen language (the server answers in English when it has none in it). */
export function useLegal(kind: LegalKind, enabled = true) {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: queryKeys.legal(kind, lang),
    queryFn: () => call('legal', { kind, lang }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Joins the configured image base and a path (spec §3: the logo is prefixed with the image base). */
export function imageUrl(config: Record<string, string> | undefined, path: string | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  const base = config?.image_base ?? '';
  if (!base) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
