/** Reads config, opens the database (PGlite in DATA_DIR or PostgreSQL), seeds, listens. */
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { bootstrapAdmin } from './modules/admin/index.js';
import { systemClock } from './platform/clock.js';
import { loadConfig } from './platform/config.js';
import { registerTestClockRoutes, testClockFromEnv, TEST_CLOCK_PATH } from './platform/test-clock.js';
import { openDatabase } from './platform/db.js';
import { demoDepositChannels } from './modules/funds/index.js';
import { seedEssentials } from './seed/seed.js';

/** "MXN, USD, EUR (bank), USDT (TRC20)": what the demo deposit channels take. */
function demoChannelList(): string {
  const bank = demoDepositChannels.filter((c) => c.type === 'bank').map((c) => c.currency);
  const crypto = demoDepositChannels
    .filter((c) => c.type === 'crypto')
    .map((c) => `${c.currency} (${c.network ?? ''})`);
  return [`${bank.join(', ')} (bank transfer)`, ...crypto].join(', ');
}

async function main(): Promise<void> {
  const config = loadConfig();
  // test-only: TEST_CLOCK_CONTROL=1 (refused in production), see platform/test-clock.ts
  const testClock = testClockFromEnv(process.env, config.host);
  const clock = testClock ?? systemClock;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedEssentials(database.db, clock);
  const admin = await bootstrapAdmin(database.db, config.adminUsername, config.adminPassword);
  // the prefix applies to keys (ioredis' keyPrefix) and, through `channelName`, to pub/sub channels
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
        keyPrefix: config.redisPrefix || undefined,
      })
    : null;
  const { app, seeded, jobs } = await buildApp({
    config,
    database,
    redis,
    clock,
    warmFeed: true,
    logger: { level: config.logLevel, redact: ['req.headers.token', 'req.headers.authorization'] },
    // the modules' demo data, the demo account and copy funds included (seed/seed.ts)
    seed: config.demo ? { inviteCode: config.demoInviteCode, extent: 'full' } : null,
  });
  if (testClock) registerTestClockRoutes(app, testClock, jobs);
  let closing = false;
  const close = async () => {
    if (closing) return; // Ctrl-C reaches both `npm start`'s launcher and us: the launcher passes it on too
    closing = true;
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const lines = [
    '',
    `  Meridian Securities is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    `  App:          ${url}/`,
    `  Back office:  ${url}/admin/`,
    admin.created
      ? `  Admin login:  ${admin.username} / ${admin.password ?? '(the ADMIN_PASSWORD you set)'}${admin.password ? '   (shown once; store it now)' : ''}`
      : `  Admin login:  ${admin.username} (already created; password as set on first start)`,
    config.demo ? `  Invite code:  ${config.demoInviteCode}   (register in the app with it)` : '  Demo data:    off',
    ...(config.demo
      ? [
          `  Deposits:     demo channels for ${demoChannelList()} (made-up accounts, no real money);`,
          '                any image is a proof; approve it in the back office under Reviews → Deposits',
          '  Real name:    any name, ID number and photos; approve it under Reviews → Real name',
        ]
      : []),
    // what the seeds made this time (the demo login, the block key): shown once
    ...seeded.map((n) => `  ${`${n.label}:`.padEnd(14)}${n.value}   (${n.note})`),
    `  API docs:     ${url}/api/docs`,
    ...(testClock ? [`  TEST CLOCK:   on (POST ${url}${TEST_CLOCK_PATH}); test servers only`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
