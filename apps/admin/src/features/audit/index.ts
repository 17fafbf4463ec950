/** The audit log screen: what the back office exposes of this feature. */
export { AuditPage } from './AuditPage';
