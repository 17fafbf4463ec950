/** TanStack Query hooks of the returns screen (docs/api.md §24.1–§24.2). */
import type { Currency, PerformancePeriod } from '@brokerage/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export const returnsKeys = {
  all: (account: string) => ['returns', account] as const,
  performance: (account: string, currency: Currency, period: PerformancePeriod) =>
    ['returns', account, 'performance', currency, period] as const,
  calendar: (account: string, currency: Currency, month: string) =>
    ['returns', account, 'calendar', currency, month] as const,
  allocation: (account: string, currency: Currency) => ['returns', account, 'allocation', currency] as const,
};

export function usePerformance(currency: Currency, period: PerformancePeriod) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: returnsKeys.performance(account, currency, period),
    queryFn: () => call('performance', { currency, period }),
    enabled: loggedIn,
  });
}

export function usePnlCalendar(currency: Currency, month: string) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: returnsKeys.calendar(account, currency, month),
    queryFn: () => call('pnlCalendar', { currency, month }),
    enabled: loggedIn,
  });
}

export function useAllocation(currency: Currency) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: returnsKeys.allocation(account, currency),
    queryFn: () => call('allocation', { currency }),
    enabled: loggedIn,
  });
}
