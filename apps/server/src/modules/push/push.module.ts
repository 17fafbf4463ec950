/**
 * The push module as a value: the account feed (kernel's `accountFeed`) reads account events while
 * the job runner runs (not with `engine: false`: tests drive it with `pollOnce`), and stops with the app.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';

export function createPushModule(kernel: Kernel): ModuleSpec {
  const { accountFeed, options } = kernel;
  return {
    name: 'push',
    setup: async () => {
      if (options.engine !== false) accountFeed.start();
    },
    onClose: () => accountFeed.stop(),
  };
}
