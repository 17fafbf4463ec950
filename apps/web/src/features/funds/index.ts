/** What other features use from funds. */
export { useAllAssets } from './funds-queries';
