/** `npm run admin -- <command>`: back-office accounts from the command line. The commands live in admin-ops.ts. */
import { systemClock } from '../platform/clock.js';
import { OpsError, runAdminCommand } from './admin-ops.js';
import { cliConfig, openConfiguredDatabase, runCli } from './cli.js';

runCli(
  async () => {
    const config = cliConfig();
    const database = await openConfiguredDatabase(config);
    try {
      const lines = await runAdminCommand(
        { db: database.db, clock: systemClock, env: process.env },
        process.argv.slice(2),
      );
      process.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } finally {
      await database.close();
    }
  },
  (error) => (error instanceof OpsError ? { message: error.message, exitCode: error.exitCode } : null),
);
