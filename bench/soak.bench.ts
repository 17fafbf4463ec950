/**
 * The soak test, full version (issue 18 item 6): 200 users for 10 minutes of random money
 * operations against the built server on PostgreSQL, `kill -9` and a restart half-way, the
 * ledger invariant and every user's statement checked during and after, every acknowledged
 * operation accounted for. bench/lib/soak.ts does the work; e2e/soak.e2e.test.ts runs a short
 * version in CI.
 *
 *   npm run build -w apps/server && npm run bench -- soak
 *   SOAK_USERS=50 SOAK_SECONDS=60 npm run bench -- soak      # the CI size
 *
 * Needs PostgreSQL: SOAK_DATABASE_URL, else DATABASE_URL (a database `soak_<random>` is created on
 * that server and dropped after); without either it prints "Skipped" and exits 0, like
 * order-placement. Needs the built server (apps/server/dist). Exits 1 when a check fails.
 */
import { envInt } from './lib/env.js';
import { exitCodeFor, machineLine, machineReport, loadLine, writeResult } from './lib/report.js';
import { runMain } from './lib/child-server.js';
import { runSoak, soakSummary } from './lib/soak.js';

runMain(async () => {
  const users = envInt('SOAK_USERS', 200);
  const seconds = envInt('SOAK_SECONDS', 600);
  const killAt = process.env.SOAK_NO_KILL === '1' ? null : envInt('SOAK_KILL_AT', Math.round(seconds / 2));
  const postgresUrl = process.env.SOAK_DATABASE_URL || process.env.DATABASE_URL;
  if (!postgresUrl) {
    process.stdout.write(
      'Skipped: the soak runs on PostgreSQL; set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)\n',
    );
    return 0;
  }
  process.stdout.write(
    `soak: ${users} users, ${seconds} s, kill -9 at ${killAt ?? 'never'} s, on ${new URL(postgresUrl).host}\n${machineLine()}, ${loadLine()}\n`,
  );
  const report = await runSoak({
    postgresUrl,
    users,
    seconds,
    killAtSeconds: killAt,
    reviewers: envInt('SOAK_REVIEWERS', Math.max(2, Math.ceil(users / 50))),
    thinkMs: [envInt('SOAK_THINK_MIN_MS', 1_000), envInt('SOAK_THINK_MAX_MS', 4_000)],
    ledgerCheckEverySeconds: envInt('SOAK_LEDGER_EVERY', 10),
    userCheckEverySeconds: envInt('SOAK_USER_CHECK_EVERY', 60),
    replayLimit: envInt('SOAK_REPLAY_LIMIT', 5_000),
    setupConcurrency: envInt('SOAK_SETUP_CONCURRENCY', 12),
    keepDatabase: process.env.SOAK_KEEP_DATABASE === '1',
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`\n${soakSummary(report).join('\n')}\n${loadLine()}\n`);
  const file = writeResult('soak.json', {
    benchmark: 'soak',
    at: new Date().toISOString(),
    machine: machineReport('server, PostgreSQL and the load generator share the machine', { loadAverage: true }),
    ...report,
  });
  process.stdout.write(`\nwritten ${file}\n`);
  if (report.failures.length === 0) process.stdout.write('PASS: the books held, nothing acknowledged was lost\n');
  return exitCodeFor(report.failures);
});
