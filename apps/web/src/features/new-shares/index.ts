/** What other features use from new-shares. */
export { NewShareList } from './NewShareParts';
export { SubscriptionRecords } from './SubscriptionRecords';
export { newShareTabs, type NewShareKind } from './newshare-queries';
