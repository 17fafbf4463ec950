/** Lending products: the screen, and the text of a refused rate or term change (new shares show it too). */
export { LendingProductsPage } from './LendingProductsPage';
export { termsLockedText } from './LendingProductFormModal';
