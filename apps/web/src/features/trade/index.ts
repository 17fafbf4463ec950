/** What other features use from trade. */
export { ConfirmSheet, SideTag } from './TradeParts';
export { useUserStockList } from './trade-queries';
