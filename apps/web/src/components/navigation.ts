import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Spec §2: back goes back in history, or to /home/index when there is no history. */
export function useBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = typeof window === 'undefined' ? null : window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? (state as { idx: unknown }).idx : 0;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate('/home/index', { replace: true });
  }, [navigate]);
}
