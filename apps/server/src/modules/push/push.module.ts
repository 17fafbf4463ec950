/**
 * The push module as a value:
 * - the account feed (kernel's `accountFeed`) reads account events while the job runner runs (not
 *   with `engine: false`: tests drive it with `pollOnce`), and stops with the app;
 * - Web Push (docs/api.md §22.4): the `push` routes, the VAPID identity loaded at setup, and the
 *   leader-only job that sends the outbox the personal messages fill.
 */
import type { MessageCode } from '@brokerage/contract';
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { PushDelivery } from './push.delivery.js';
import { systemResolver, type EndpointPolicy } from './push.endpoint.js';
import { pushDeliveryJob } from './push.jobs.js';
import { loadVapid, type Vapid } from './push.keys.js';
import { registerPushRoutes } from './push.routes.js';

export function createPushModule(kernel: Kernel): ModuleSpec {
  const { accountFeed, options, config, db, clock, messageKinds, log } = kernel;
  let vapid: Vapid | null = null;
  const currentVapid = (): Vapid => {
    if (!vapid) throw new Error('the VAPID keys are loaded at setup');
    return vapid;
  };
  const policy: EndpointPolicy = {
    allowTestEndpoints: config.pushTestEndpoints,
    resolve: options.push?.resolve ?? systemResolver,
  };
  const delivery = new PushDelivery({
    db,
    clock,
    vapid: currentVapid,
    policy,
    pushKindOf: (code) => messageKinds.get(code as MessageCode)?.push ?? null,
    onError: (error) => log.warn({ err: error }, 'push refused'),
  });
  return {
    name: 'push',
    setup: async () => {
      vapid = await loadVapid(db, clock, config);
      if (options.engine !== false) accountFeed.start();
    },
    userRoutes: (app) => registerPushRoutes(app, kernel.route, { clock, policy, vapid: currentVapid }),
    jobs: [pushDeliveryJob(delivery)],
    onClose: () => accountFeed.stop(),
  };
}
