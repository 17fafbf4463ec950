export * from './funds.tables.js';
export { registerFundsRoutes, registerReviewAdminRoutes } from './funds.routes.js';
export type { UploadsPort } from './uploads-port.js';
export { paymentDestinationsOf } from './funds.repository.js';
