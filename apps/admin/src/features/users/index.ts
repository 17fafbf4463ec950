/** Users: what the back office exposes of this feature. */
export { UsersPage } from './UsersPage';
