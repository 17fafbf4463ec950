/**
 * `npm run db:seed`: what `npm start` seeds, without starting the server: the data every
 * installation needs and, when DEMO is on (the default without DATABASE_URL), the demo data (the
 * modules' seeds, run by the app built without its jobs). Idempotent, like the seeding on start.
 */
import { buildApp } from '../app.js';
import { cliConfig, describeDatabase, openConfiguredDatabase, runCli } from './cli.js';
import { seedEssentials } from '../seed/seed.js';
import { systemClock } from '../platform/clock.js';

runCli(async () => {
  const config = cliConfig();
  const database = await openConfiguredDatabase(config);
  const lines: string[] = [];
  try {
    await seedEssentials(database.db, systemClock);
    if (config.demo) {
      const { app, seeded } = await buildApp({
        config,
        database,
        clock: systemClock,
        engine: false,
        webDist: null,
        adminDist: null,
        seed: { inviteCode: config.demoInviteCode, extent: 'full' },
      });
      await app.close();
      lines.push(...seeded.map((n) => `${n.label}: ${n.value}   (${n.note})`));
    }
  } finally {
    await database.close();
  }
  const demo = config.demo
    ? `demo data (invite code ${config.demoInviteCode})`
    : 'no demo data (DEMO=0; set DEMO=1 to add it)';
  process.stdout.write(
    `Seeded the ${describeDatabase(config)}: legal texts, ${demo}.\n${lines.map((l) => `${l}\n`).join('')}`,
  );
  return 0;
});
