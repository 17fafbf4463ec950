import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `everyMs` (for "stale" badges and session clocks). */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
