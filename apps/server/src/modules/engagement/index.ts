export { noticesFor, publishNotice, sendMessage } from './notices.service.js';
export { registerNoticeRoutes } from './notices.routes.js';
export { registerNoticeAdminRoutes } from './notices.admin.js';
