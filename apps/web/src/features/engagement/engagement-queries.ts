/** TanStack Query hooks of the check-in and invitation screens (docs/api.md §16.6). Every call needs a session. */
import type { CheckinStatus } from '@brokerage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export const engagementKeys = {
  checkin: (account: string) => ['checkinStatus', account] as const,
  invite: (account: string) => ['inviteInfo', account] as const,
};

export function useCheckinStatus() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: engagementKeys.checkin(account),
    queryFn: () => call('checkinStatus', {}, { silent: true }),
    enabled: loggedIn,
  });
}

/**
 * `/checkin/do`: the answer is applied to the status at once (today joins the calendar), then the
 * status is read again. `checkin.already_today` (another device) is toasted by the client and the
 * status re-read, so the button turns to "checked in today".
 */
export function useCheckIn() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['checkinStatus'] });
  return useMutation({
    mutationFn: () => call('checkinDo', {}),
    onSuccess: (result) => {
      queryClient.setQueryData<CheckinStatus>(engagementKeys.checkin(account), (previous) => {
        if (!previous) return previous;
        const days = previous.days.includes(result.date) ? previous.days : [result.date, ...previous.days];
        return { ...previous, ...result, days, last30Days: days.length };
      });
      void refresh();
    },
    onError: () => void refresh(),
  });
}

export function useInviteInfo() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: engagementKeys.invite(account),
    queryFn: () => call('inviteInfo', {}, { silent: true }),
    enabled: loggedIn,
  });
}
