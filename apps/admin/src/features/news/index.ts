/** News: what the back office exposes of this feature. */
export { NewsPage } from './NewsPage';
