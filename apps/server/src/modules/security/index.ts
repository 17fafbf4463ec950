/** Account security (docs/api.md §23.1): two-step verification (TOTP) and recovery codes. */
export { createSecurityModule } from './security.module.js';
