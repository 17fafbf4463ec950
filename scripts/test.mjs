#!/usr/bin/env node
// `npm test`: every unit, property and API test (vitest projects), then the browser journeys:
// build the web app, the back office and the server, start it on a fresh embedded database,
// and drive Debian's Chromium through e2e/. Extra arguments filter vitest (npm test -- <pattern>).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const run = (cmd, cmdArgs, env = {}) => {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['vitest', 'run', ...args]);
if (args.length === 0 && process.env.SKIP_E2E !== '1') {
  run('npm', ['run', 'build']);
  run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
}
