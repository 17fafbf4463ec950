/** New-share products: what the back office exposes of this feature. */
export { NewSharesPage } from './NewSharesPage';
