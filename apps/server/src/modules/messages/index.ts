/**
 * Personal messages and broadcast notices (docs/api.md §7.5, §19): every product sends its
 * messages through `sendMessage` (a code of the contract's message catalogue with its params).
 */
export { createMessagesModule } from './messages.module.js';
export { noticesFor, publishNotice, sendMessage } from './notices.service.js';
export { registerNoticeRoutes } from './notices.routes.js';
export { registerNoticeAdminRoutes } from './notices.admin.js';
