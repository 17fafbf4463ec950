/** Notices: what the back office exposes of this feature. */
export { NoticesPage } from './NoticesPage';
