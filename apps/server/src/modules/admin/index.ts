export { registerAdminRoutes } from './admin.routes.js';
export { bootstrapAdmin, createAdmin } from './admin.service.js';
export * from './admin.tables.js';
