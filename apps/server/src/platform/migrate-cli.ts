/** `npm run db:migrate`: applies the migrations to the configured database (as the server does on start) and exits. */
import { cliConfig, describeDatabase, openConfiguredDatabase, runCli } from '../ops/cli.js';

runCli(async () => {
  const config = cliConfig();
  const database = await openConfiguredDatabase(config);
  await database.close();
  process.stdout.write(`Migrations applied to the ${describeDatabase(config)}.\n`);
  return 0;
});
