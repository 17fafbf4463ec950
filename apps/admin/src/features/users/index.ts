/** Users: what the back office exposes of this feature, and how other features refresh its screens. */
export { UsersPage } from './UsersPage';
export { refreshUsers } from './user-queries';
