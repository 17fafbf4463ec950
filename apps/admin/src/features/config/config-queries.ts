/** The queries of the settings screens (docs/api.md §19.7): every key with its value, and a change of one. */
import { useQueryClient } from '@tanstack/react-query';
import type { ConfigItem } from '@brokerage/contract';
import { adminData } from '../../api/client';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

export function useConfig() {
  return useAdminQuery('configGet', {});
}

/** The stored settings as they are now, read past the cache (to check nobody changed them meanwhile). */
export async function readConfigNow(): Promise<ConfigItem[]> {
  return (await adminData('configGet', {})).list;
}

export function useSetConfig(options: AdminMutationOptions<'configSet'> = {}) {
  return useAdminMutation('configSet', options);
}

/** After a change: the settings are read again; `changed`, when given, shows at once meanwhile. */
export function useRefreshConfig(): (changed?: ConfigItem) => void {
  const queryClient = useQueryClient();
  return (changed) => {
    if (changed)
      queryClient.setQueryData(adminQueryKey('configGet', {}), (previous: { list: ConfigItem[] } | undefined) =>
        previous ? { list: previous.list.map((entry) => (entry.key === changed.key ? changed : entry)) } : previous,
      );
    void queryClient.invalidateQueries({ queryKey: adminQueryKey('configGet') });
  };
}
