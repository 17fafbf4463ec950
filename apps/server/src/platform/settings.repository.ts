export { configEntries as settingsTable } from './settings.tables.js';
