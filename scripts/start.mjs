#!/usr/bin/env node
// `npm start` after the build: the server in a process of its own with the memory settings of
// scripts/server-env.mjs (glibc reads them only when a process starts). Signals are passed on and
// the server's exit code is ours.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  [path.join(root, 'apps', 'server', 'dist', 'main.js'), ...process.argv.slice(2)],
  {
    env: serverEnv(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
