export { createCommonModule } from './common.module.js';
export { registerCommonRoutes } from './common.routes.js';
export { currentAgreementVersion, currentLegal, sanitiseHtml, storeLegal } from './legal.service.js';
