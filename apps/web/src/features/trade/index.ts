/** What other features use from trade. */
export { ConfirmSheet, SideTag } from './TradeParts';
