/** Proofs of liabilities: what the back office exposes of this feature. */
export { ProofsPage } from './ProofsPage';
