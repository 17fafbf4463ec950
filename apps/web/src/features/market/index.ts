/** What other features use from market. */
export { IndexCard } from './IndexCard';
export { ListHeader, MarketInstrumentList } from './InstrumentList';
export { InstrumentRow, InstrumentRowBody, SkeletonRows } from './InstrumentRow';
export { useOpenInstrument } from './selection';
export { StarButton } from './StarButton';
export { usePriceFlash } from './usePriceFlash';
export { useWatchAction } from './useWatchAction';
export {
  flattenPages,
  marketKeys,
  useClearSearchHistory,
  useLatestNews,
  useMarketList,
  useMarketTop,
  useNewsDetail,
  useNewsList,
  useQuote,
  useRemoveWatched,
  useSearch,
  useSearchHistory,
  useWatchedIds,
  useWatchlist,
  type NewsCategory,
  type QuoteData,
} from './market-queries';
