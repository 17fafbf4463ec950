/** What other features use from copy-funds. */
export { CopyFundList } from './CopyParts';
