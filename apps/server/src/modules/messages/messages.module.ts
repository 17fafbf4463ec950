/** The messages module as a value: the user's messages and the back office's notices. */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { seedNotices } from './messages.seed.js';
import { registerNoticeAdminRoutes } from './notices.admin.js';
import { registerNoticeRoutes } from './notices.routes.js';

export function createMessagesModule(kernel: Kernel): ModuleSpec {
  return {
    name: 'messages',
    userRoutes: (app) => registerNoticeRoutes(app, kernel.route, kernel.db),
    adminRoutes: (app) => registerNoticeAdminRoutes(app, kernel.adminRoute),
    seed: { run: () => seedNotices(kernel.db, kernel.clock) },
  };
}
