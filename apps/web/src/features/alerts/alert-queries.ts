/**
 * TanStack Query hooks of price alerts and push settings (docs/api.md §22). Every alert list
 * lives under the `alertList` family, so the account events of an alert (fired, expired,
 * cancelled: `api/account-events.ts`) re-read whatever of them is on screen.
 */
import type { Alert, AlertCreateRequest, PushPrefs } from '@brokerage/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { Page } from '../../api/pages';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export type AlertData = Alert;
export type AlertTab = 'active' | 'history';
export const alertTabs: readonly AlertTab[] = ['active', 'history'];

export const ALERT_PAGE_SIZE = 20;
/** Above the largest `alert.maxActive` the settings allow (200): one page holds every active alert. */
export const ALL_ACTIVE_SIZE = 300;

export const alertKeys = {
  tab: (account: string, tab: AlertTab) => ['alertList', account, tab] as const,
  allActive: (account: string) => ['alertList', account, 'active', 'all'] as const,
  pushPrefs: (account: string) => ['pushPrefs', account] as const,
  pushConfig: ['pushConfig'] as const,
};

const tabStates = {
  active: ['active'],
  history: ['triggered', 'expired', 'cancelled'],
} as const satisfies Record<AlertTab, readonly Alert['state'][]>;

function nextPage(last: Page<AlertData> | undefined): number | undefined {
  if (!last) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** One tab of the alerts screen, page by page (active first, then newest: the server's order). */
export function useAlertTab(tab: AlertTab) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: alertKeys.tab(account, tab),
    queryFn: ({ pageParam }) =>
      call('alertList', { states: [...tabStates[tab]], page: pageParam, size: ALERT_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
  });
}

/** Every active alert of the user (for the count against the maximum and the duplicate check). */
export function useActiveAlerts(enabled = true) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: alertKeys.allActive(account),
    queryFn: () => call('alertList', { states: ['active'], page: 1, size: ALL_ACTIVE_SIZE }, { silent: true }),
    enabled: loggedIn && enabled,
  });
}

/** After a create or a cancel: every alert list is stale (the WebSocket event also says so, later). */
export function refreshAlerts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['alertList'] });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertCreateRequest) => call('alertCreate', body, { silent: true }),
    onSettled: () => refreshAlerts(queryClient),
  });
}

export function useCancelAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => call('alertCancel', { alertId }),
    onSettled: () => refreshAlerts(queryClient),
  });
}

/** The server's VAPID public key (no session needed); read only when the user switches push on. */
export function fetchPushConfig(queryClient: QueryClient): Promise<{ vapidPublicKey: string }> {
  return queryClient.fetchQuery({
    queryKey: alertKeys.pushConfig,
    queryFn: () => call('pushConfig', {}, { silent: true }),
    staleTime: 60 * 60_000,
  });
}

/** `/push/prefs` read with an empty body. */
export function usePushPrefs() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: alertKeys.pushPrefs(account),
    queryFn: () => call('pushPrefs', {}, { silent: true }),
    enabled: loggedIn,
  });
}

export function useSetPushPref() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  return useMutation({
    mutationFn: (change: Partial<Pick<PushPrefs, 'alerts' | 'orders' | 'money' | 'products'>>) =>
      call('pushPrefs', change),
    onSuccess: (prefs) => queryClient.setQueryData(alertKeys.pushPrefs(account), prefs),
  });
}
