/** Copy funds: what the back office exposes of this feature. */
export { CopyFundsPage } from './CopyFundsPage';
