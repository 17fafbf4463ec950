/** What other features (and the app shell) use from account. */
export { ProfileEntries, ProfileHead } from './ProfileParts';
export { default as MinePage } from './MinePage';
