/** What the session's role may do, from the contract's table of docs/api.md §19.2. */
import {
  rightForRestrictAction,
  rightsOfRole,
  type AdminRight,
  type AdminRole,
  type RestrictAction,
} from '@brokerage/contract';
import { useSession } from './session';

export function roleHasRight(role: AdminRole | null | undefined, right: AdminRight): boolean {
  return role ? rightsOfRole[role].includes(right) : false;
}

export function roleMayRestrict(role: AdminRole | null | undefined, action: RestrictAction): boolean {
  return roleHasRight(role, rightForRestrictAction(action));
}

export function useHasRight(right: AdminRight): boolean {
  return roleHasRight(useSession()?.role, right);
}
