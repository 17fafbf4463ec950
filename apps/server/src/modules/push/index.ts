export { createPushModule } from './push.module.js';
export { AccountFeed, type AccountFeedOptions } from './account-feed.js';
export { queuePush } from './push.outbox.js';
export { systemResolver, type Resolver } from './push.endpoint.js';
/** The last language a user's device told the server (its newest push subscription's), or null. */
export { lastLanguageOf } from './push.subscriptions.repository.js';
