/**
 * `npm run db:seed`: what `npm start` seeds, without starting the server: the data every
 * installation needs and, when DEMO is on (the default without DATABASE_URL), the demo data.
 * Idempotent, like the seeding on start.
 */
import { cliConfig, describeDatabase, openConfiguredDatabase, runCli } from '../ops/cli.js';
import { seedDemo, seedEssentials } from '../seed/seed.js';
import { systemClock } from './clock.js';

runCli(async () => {
  const config = cliConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await seedEssentials(database.db, systemClock);
    if (config.demo) await seedDemo(database.db, systemClock, config.demoInviteCode);
  } finally {
    await database.close();
  }
  const demo = config.demo
    ? `demo data (invite code ${config.demoInviteCode})`
    : 'no demo data (DEMO=0; set DEMO=1 to add it)';
  process.stdout.write(`Seeded the ${describeDatabase(config)}: legal texts, ${demo}.\n`);
  return 0;
});
