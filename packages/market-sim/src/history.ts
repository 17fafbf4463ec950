/** The first simulated trading date of every market; nothing exists before it. */
export const HISTORY_START = '2021-01-04';
