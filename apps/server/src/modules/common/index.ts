export { registerCommonRoutes } from './common.routes.js';
export { currentAgreementVersion, sanitiseHtml, storeLegal } from './legal.service.js';
