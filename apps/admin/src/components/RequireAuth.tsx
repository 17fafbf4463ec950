import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Result } from 'antd';
import type { AdminRight } from '@brokerage/contract';
import { roleHasRight } from '../api/rights';
import { useSession } from '../api/session';

/** Sends visitors without a session to the login page, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Shows a 403 page instead of a screen the role has no right to (docs/api.md §19.2). */
export function RequireRight({ right, children }: { right: AdminRight; children: ReactNode }) {
  const session = useSession();
  if (!roleHasRight(session?.role, right)) {
    return <Result status="403" title="No access" subTitle="Your role does not have the right to open this page." />;
  }
  return children;
}
