export { createPushModule } from './push.module.js';
export { AccountFeed, type AccountFeedOptions } from './account-feed.js';
