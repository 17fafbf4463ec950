/** Settings and deposit channels: what the back office exposes of this feature. */
export { ConfigPage } from './ConfigPage';
export { DepositChannelsPage } from './DepositChannelsPage';
