/** The review module as a value: the back office's review routes over every module's queues (the kernel's registry). */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerReviewAdminRoutes } from './review.admin.js';

export function createReviewModule(kernel: Kernel): ModuleSpec {
  return {
    name: 'review',
    adminRoutes: (app) => registerReviewAdminRoutes(app, { ...kernel.adminRoute, queues: kernel.reviewQueues }),
  };
}
