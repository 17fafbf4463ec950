/** Block-trade products: what the back office exposes of this feature. */
export { BlockTradesPage } from './BlockTradesPage';
