import { useEffect, useRef, useState } from 'react';
import { compareDecimal } from '../../lib/format';

export const FLASH_MS = 300;

/**
 * docs/ui.md: a price that changes flashes its background for 300 ms, in the colour of the move.
 * Returns the class to put on the price and a counter to key the element with, so two moves in
 * a row restart the animation.
 */
export function usePriceFlash(price: string): { flashClass: string; flashKey: number } {
  const previous = useRef(price);
  const [flash, setFlash] = useState<{ dir: 'up' | 'down' | null; seq: number }>({ dir: null, seq: 0 });
  useEffect(() => {
    if (previous.current === price) return undefined;
    const move = compareDecimal(price, previous.current);
    previous.current = price;
    if (move === 0) return undefined;
    setFlash((f) => ({ dir: move > 0 ? 'up' : 'down', seq: f.seq + 1 }));
    const timer = setTimeout(() => setFlash((f) => ({ dir: null, seq: f.seq })), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);
  return { flashClass: flash.dir ? `flash-${flash.dir}` : '', flashKey: flash.seq };
}
