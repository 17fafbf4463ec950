export { createAdminModule } from './admin.module.js';
export { registerAdminRoutes, toAdminUser } from './admin.routes.js';
export { authenticateAdmin, bootstrapAdmin, createAdmin } from './admin.service.js';
export {
  findAdminAccount,
  listAdminAccounts,
  lockAdminAccount,
  setAdminDisabled,
  setAdminTotpSecret,
  type AdminAccount,
} from './admin-accounts.service.js';
export { writeAudit, type AuditRecord } from './audit.service.js';
export { newTotpEnrolment, totpCode } from '../../platform/totp.js';
export { registerProductListRoute, type ProductPages } from './products.routes.js';
