export { createPushModule } from './push.module.js';
export { AccountFeed, type AccountFeedOptions } from './account-feed.js';
export { queuePush } from './push.outbox.js';
export { systemResolver, type Resolver } from './push.endpoint.js';
