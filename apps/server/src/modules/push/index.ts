export { AccountFeed, type AccountFeedOptions } from './account-feed.js';
