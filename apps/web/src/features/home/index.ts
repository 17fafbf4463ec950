/** What other features use from home. */
export { default as HomePage } from './HomePage';
