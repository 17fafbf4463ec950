/** The query of the audit log screen (docs/api.md §19.8). */
import type { AdminRequestOf } from '@brokerage/contract';
import { useAdminQuery } from '../../api/hooks';

export function useAuditList(body: AdminRequestOf<'auditList'>) {
  return useAdminQuery('auditList', body);
}
