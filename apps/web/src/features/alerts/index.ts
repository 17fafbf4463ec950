/** What other features use from alerts: the bell of the stock detail and its sheet. */
export { AlertBell, SetAlertSheet, type AlertQuote } from './SetAlertSheet';
