/** TanStack Query hooks of the money screens (docs/api.md §7.9–§7.11, §10, §11). */
import type { Currency, RequestOf, ResponseOf } from '@brokerage/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../store/session';
import { call, paths, postForFile, type DownloadedFile } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { allAssetsQuery, RATES_REFRESH_MS, ratesQuery } from '../../api/product-lists';

export type FundRecordTab = RequestOf<'fundRecords'>['tab'];
export const fundRecordTabs: readonly FundRecordTab[] = ['trade', 'deposit', 'withdraw'];
export type KycStatusData = ResponseOf<'kycStatus'>;
export type CardListData = ResponseOf<'cardList'>;
export type DepositChannelData = ResponseOf<'depositChannels'>['list'][number];
export type DepositRecordData = ResponseOf<'deposit'>;
export type WithdrawInfoData = ResponseOf<'withdrawInfo'>;
export type WithdrawRecordData = ResponseOf<'withdraw'>;
export type RatesData = ResponseOf<'rates'>;
export type ExchangeData = ResponseOf<'exchange'>;
export type StatementData = ResponseOf<'statementRange'>;
export type FundRecordItem = ResponseOf<'fundRecords'>['list'][number];
export type LedgerRecordData = Extract<FundRecordItem, { balanceAfter: string }>;

export const RECORDS_PAGE_SIZE = 20;
export { RATES_REFRESH_MS };

export const fundsKeys = {
  kycStatus: (account: string) => ['kycStatus', account] as const,
  cards: (account: string) => ['cardList', account] as const,
  channels: (account: string) => ['depositChannels', account] as const,
  withdrawInfo: (account: string, currency: Currency) => ['withdrawInfo', account, currency] as const,
  records: (account: string, tab: FundRecordTab, currency: Currency | null) =>
    ['fundRecords', account, tab, currency ?? 'all'] as const,
  rates: (base: Currency) => ratesQuery(base).queryKey,
  allAssets: (account: string) => allAssetsQuery(account).queryKey,
};

function useAccount() {
  return { account: useSession((s) => s.account), loggedIn: useIsLoggedIn() };
}

export function useKycStatus() {
  const { account, loggedIn } = useAccount();
  return useQuery({
    queryKey: fundsKeys.kycStatus(account),
    queryFn: () => call('kycStatus', {}, { silent: true }),
    enabled: loggedIn,
  });
}

/** Submits the real-name form; the answer is the new status, and the user info changes with it. */
export function useKycSubmit() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  return useMutation({
    mutationFn: (body: RequestOf<'kycSubmit'>) => call('kycSubmit', body),
    onSuccess: (status) => {
      queryClient.setQueryData(fundsKeys.kycStatus(account), status);
      void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    },
  });
}

export function useCardList() {
  const { account, loggedIn } = useAccount();
  return useQuery({
    queryKey: fundsKeys.cards(account),
    queryFn: () => call('cardList', {}, { silent: true }),
    enabled: loggedIn,
  });
}

function refreshCards(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['cardList'] });
}

export function useCardAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'cardAdd'>) => call('cardAdd', body),
    onSuccess: () => refreshCards(queryClient),
  });
}

export function useWalletAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'walletAdd'>) => call('walletAdd', body),
    onSuccess: () => refreshCards(queryClient),
  });
}

/** Removes a card or unbinds a wallet. */
export function useRemoveDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { kind: 'card'; id: string } | { kind: 'wallet'; id: string }) =>
      target.kind === 'card'
        ? call('cardDelete', { cardId: target.id })
        : call('walletDelete', { walletId: target.id }),
    onSettled: () => refreshCards(queryClient),
  });
}

/** Every deposit channel; screens filter by currency themselves, so one answer serves the list and the channel page. */
export function useDepositChannels() {
  const { account, loggedIn } = useAccount();
  return useQuery({
    queryKey: fundsKeys.channels(account),
    queryFn: () => call('depositChannels', {}, { silent: true }),
    enabled: loggedIn,
    // `inWindow` changes with the clock.
    refetchInterval: 60_000,
  });
}

export function useWithdrawInfo(currency: Currency, enabled = true) {
  const { account, loggedIn } = useAccount();
  return useQuery({
    queryKey: fundsKeys.withdrawInfo(account, currency),
    queryFn: () => call('withdrawInfo', { currency }, { silent: true }),
    enabled: loggedIn && enabled,
    refetchInterval: 60_000,
  });
}

type RecordsPage = ResponseOf<'fundRecords'>;

function nextRecordsPage(last: RecordsPage | undefined): number | undefined {
  if (!last) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** `/funds/records` of one tab, page by page. */
export function useFundRecords(tab: FundRecordTab, currency: Currency | null = null, enabled = true) {
  const { account, loggedIn } = useAccount();
  return useInfiniteQuery({
    queryKey: fundsKeys.records(account, tab, currency),
    queryFn: ({ pageParam }) =>
      call(
        'fundRecords',
        { tab, ...(currency ? { currency } : {}), page: pageParam, size: RECORDS_PAGE_SIZE },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextRecordsPage,
    enabled: loggedIn && enabled,
  });
}

/** `/user/assets` with every currency account (the summary currency does not matter for `accounts`). */
export function useAllAssets() {
  const { account, loggedIn } = useAccount();
  return useQuery({ ...allAssetsQuery(account), enabled: loggedIn });
}

export function useRates(base: Currency) {
  return useQuery({ ...ratesQuery(base), refetchInterval: RATES_REFRESH_MS });
}

/** After money moved: balances, limits and records are stale. */
export function refreshAfterMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['assets', 'withdrawInfo', 'fundRecords', 'depositChannels'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}

export type StatementRequest = Omit<RequestOf<'statementRange'>, 'format'>;

export function fetchStatement(body: StatementRequest): Promise<StatementData> {
  return call('statementRange', { ...body, format: 'json' });
}

/** The CSV statement as a file (the server answers text/csv with content-disposition). */
export function downloadStatementCsv(body: StatementRequest): Promise<DownloadedFile> {
  return postForFile(
    paths.statementRange,
    { ...body, format: 'csv' },
    `statement-${body.currency}-${body.from}-${body.to}.csv`,
  );
}

/** The rows of an infinite records query, flattened, with duplicates (a row moving between pages) dropped. */
export function flattenRecords(pages: readonly RecordsPage[] | undefined): FundRecordItem[] {
  const seen = new Set<string>();
  const rows: FundRecordItem[] = [];
  for (const page of pages ?? []) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

export function isWithdrawRecord(row: FundRecordItem): row is WithdrawRecordData {
  return 'destination' in row;
}

export function isDepositRecord(row: FundRecordItem): row is DepositRecordData {
  return 'channelId' in row;
}

export function isLedgerRecord(row: FundRecordItem): row is LedgerRecordData {
  return 'balanceAfter' in row;
}
