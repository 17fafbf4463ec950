/** The performance module (docs/api.md §24.1–§24.2): returns, P&L calendar, allocation and daily snapshots. */
export { createPerformanceModule } from './performance.module.js';
export { snapshotAccount, snapshotJob, snapshotPass, SNAPSHOT_JOB, type SnapshotReport } from './performance.jobs.js';
export { figures, weightsOf, type DayPoint } from './performance.math.js';
