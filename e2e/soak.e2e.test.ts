/**
 * The soak test, short version for CI (issue 18 item 6): 50 users, one minute of random money
 * operations against the built server on PostgreSQL, one `kill -9` and restart half-way. The
 * ledger invariant and the users' statements are checked during and after; every acknowledged
 * operation must still be there once, and answered identically when asked again with its
 * requestId. The full version is bench/soak.bench.ts (200 users, 10 minutes).
 *
 * PostgreSQL: SOAK_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a fresh
 * database is created there and dropped after). CI starts it (.ci/run) and sets SOAK_REQUIRE_PG=1,
 * so there a missing server fails the run; a machine without PostgreSQL skips this file, as the
 * Redis tests do without Redis.
 */
import { describe, expect, it } from 'vitest';
import { runSoak, soakSummary } from '../bench/lib/soak.js';
import { servicesAvailable } from './services.js';

const postgresUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const available = await servicesAvailable('soak', 'SOAK_REQUIRE_PG', [{ kind: 'PostgreSQL', url: postgresUrl }]);

describe.skipIf(!available)('soak on PostgreSQL with a kill -9 in the middle', () => {
  it(
    'keeps the books, loses no acknowledged operation and answers every replay the same',
    { timeout: 240_000 },
    async () => {
      const report = await runSoak({
        postgresUrl,
        users: 50,
        seconds: 60,
        killAtSeconds: 28,
        reviewers: 2,
        thinkMs: [400, 1_600],
        ledgerCheckEverySeconds: 5,
        userCheckEverySeconds: 20,
        replayLimit: 100_000,
        setupConcurrency: 10,
        log: (line) => process.stdout.write(`${line}\n`),
      });
      process.stdout.write(`${soakSummary(report).join('\n')}\n`);
      expect(report.failures).toEqual([]);
      // and it did what it says: the checks ran, through the kill
      expect(report.timings.downtimeMs).not.toBeNull();
      expect(report.checks.ledgerRuns).toBeGreaterThanOrEqual(8);
      expect(report.checks.statementChecks).toBeGreaterThanOrEqual(100);
      expect(report.kill.acknowledgedBeforeKill).toBeGreaterThan(100);
      expect(report.kill.replayed).toBe(report.kill.acknowledgedBeforeKill);
    },
  );
});
