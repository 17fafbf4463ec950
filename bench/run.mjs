#!/usr/bin/env node
/**
 * Runs every bench/*.bench.ts with `npx tsx`, one after the other, and passes their output
 * through. Exits non-zero when any benchmark fails. `npm run bench` calls this file.
 *
 *   npm run bench                      # all of them, in file-name order
 *   npm run bench -- candles fanout    # only the files whose name contains one of the words
 *   npm run bench -- engine-scan       # the engine's trigger index: 1,000,000 positions, CPU only, no database
 *   npm run bench -- alerts-scan       # the price-alert index: 1,000,000 alerts, CPU only, no database
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- soak   # 200 users, 10 minutes, kill -9 half-way (built server)
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.dirname(benchDir);

function runOne(file) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', path.relative(rootDir, file)], {
      cwd: rootDir,
      stdio: 'inherit',
      env: process.env,
    });
    child.on('error', (error) => {
      process.stderr.write(`could not start ${file}: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort()
  .map((name) => path.join(benchDir, name));

if (files.length === 0) {
  process.stderr.write(`no bench/*.bench.ts files found${only.length > 0 ? ` matching ${only.join(', ')}` : ''}\n`);
  process.exit(1);
}

const failed = [];
for (const file of files) {
  const name = path.basename(file);
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const code = await runOne(file);
  process.stdout.write(`=== ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s ===\n`);
  if (code !== 0) {
    failed.push(name);
    process.stdout.write(`=== ${name} failed (exit ${code}) ===\n`);
  }
}

process.stdout.write(`\n${files.length - failed.length}/${files.length} benchmarks passed\n`);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
