/** What other features use from block-trades. */
export { BlockProductList, MarketChips } from './BlockParts';
export type { BlockMarketFilter } from './block-queries';
