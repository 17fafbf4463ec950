#!/usr/bin/env node
// `npm test`: every unit, property and API test (vitest projects), then the browser journeys:
// build the web app, the back office and the server, start it on a fresh embedded database,
// and drive Debian's Chromium through e2e/. Extra arguments filter vitest (npm test -- <pattern>).
//
// The whole run builds first, then runs the journeys (one file at a time, mostly waiting on
// Chromium, the server and fixed waits) side by side with the unit tests, which keep the other
// core busy (docs/performance.md, "CI run"). Each part's output is kept and printed whole when it
// ends, so the two do not interleave.
//
//   SKIP_E2E=1            no build, no journeys: the unit tests only
//   SKIP_BUILD=1          the build is already there (CI builds beside the typecheck)
//   TEST_POSTGRES_URL=…   after the unit tests, the server suite once more on that PostgreSQL
//                         (each test file creates its database from a template and drops it)
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const runSync = (cmd, cmdArgs, env = {}) => {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (args.length > 0 || process.env.SKIP_E2E === '1') {
  runSync('npx', ['vitest', 'run', ...args]);
  if (args.length === 0 && process.env.TEST_POSTGRES_URL)
    runSync('npx', ['vitest', 'run', '--project', '@brokerage/server'], {
      DATABASE_URL: process.env.TEST_POSTGRES_URL,
    });
  process.exit(0);
}

if (process.env.SKIP_BUILD !== '1') runSync('npm', ['run', 'build']);

const logs = mkdtempSync(path.join(tmpdir(), 'brokerage-test-'));

/** Runs the steps one after the other into one log; resolves with the first failing exit code (0: all passed). */
function part(name, file, steps) {
  const out = createWriteStream(file);
  const started = Date.now();
  const next = async () => {
    for (const [cmd, cmdArgs, env] of steps) {
      const code = await new Promise((resolve) => {
        const child = spawn(cmd, cmdArgs, {
          env: { ...process.env, FORCE_COLOR: '0', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.pipe(out, { end: false });
        child.stderr.pipe(out, { end: false });
        child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
      });
      if (code !== 0) return code;
    }
    return 0;
  };
  return next().then(
    (code) =>
      new Promise((resolve) =>
        out.end(() => {
          process.stdout.write(`\n---- ${name}\n${readFileSync(file, 'utf8')}`);
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
          resolve(code);
        }),
      ),
  );
}

const units = [['npx', ['vitest', 'run'], {}]];
if (process.env.TEST_POSTGRES_URL)
  units.push([
    'npx',
    ['vitest', 'run', '--project', '@brokerage/server'],
    { DATABASE_URL: process.env.TEST_POSTGRES_URL },
  ]);
const parts = [
  { name: 'browser journeys', steps: [['npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {}]] },
  {
    name: process.env.TEST_POSTGRES_URL ? 'unit tests, then the server suite on PostgreSQL' : 'unit tests',
    steps: units,
  },
].map((p) => ({ ...p, file: path.join(logs, `${p.name.replace(/\W+/g, '-')}.log`) }));
const codes = await Promise.all(parts.map((p) => part(p.name, p.file, p.steps)));
// CI keeps only the tail of what a run prints: say last, in a few lines, which part failed and why.
const failed = parts.filter((_, i) => codes[i] !== 0);
for (const { name, file } of failed) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const marks = lines.filter((l) =>
    /\bFAIL\b|Failed Tests|AssertionError|Error:|Test Files .*failed|Tests .*failed/.test(l),
  );
  process.stdout.write(`\n==== ${name} FAILED; what it said of its failures:\n${marks.slice(0, 60).join('\n')}\n`);
}
rmSync(logs, { recursive: true, force: true });
process.exit(codes.find((c) => c !== 0) ?? 0);
