/** Sign-in: what the back office exposes of this feature. */
export { LoginPage } from './LoginPage';
