/** Account security (docs/api.md §23.1, §23.7): two-step verification (TOTP), recovery codes and passkeys. */
export { createSecurityModule } from './security.module.js';
