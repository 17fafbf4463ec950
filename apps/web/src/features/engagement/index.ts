/** What other features use from engagement. */
export { CalendarCheckIcon, CrownIcon } from './EngagementIcons';
export { QrCode } from './QrCode';
