/** What other features use from market. */
export { IndexCard } from './IndexCard';
export { ListHeader, MarketInstrumentList } from './InstrumentList';
export { InstrumentRow, InstrumentRowBody, SkeletonRows } from './InstrumentRow';
export { useOpenInstrument } from './selection';
export { StarButton } from './StarButton';
export { usePriceFlash } from './usePriceFlash';
export { useWatchAction } from './useWatchAction';
