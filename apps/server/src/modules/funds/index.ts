export { createFundsModule } from './funds.module.js';
export type { UploadsPort } from './uploads-port.js';
export type { UnpaidLoanPort } from './loans-port.js';
export { paymentDestinationsOf } from './funds.repository.js';
export { demoDepositChannels } from './funds.seed.js';
