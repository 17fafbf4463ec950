#!/usr/bin/env node
// `npm run start:cluster`: the built server as several API instances on one PostgreSQL database
// and one Redis, behind a small round-robin HTTP and WebSocket balancer (docs/scaling.md).
//
//   DATABASE_URL  PostgreSQL database (required; it must exist: `createdb brokerage`)
//   REDIS_URL     Redis (default redis://127.0.0.1:6379)
//   REDIS_PREFIX  key and channel prefix of this deployment (default none)
//   PORT          the balancer's port (default 8080); the instances listen on 127.0.0.1 at PORT+1, PORT+2, …
//   INSTANCES     how many API instances (default 2)
//
// The first instance migrates and seeds the database; the others start once it answers /health.
// One of them leads the trading engine (a PostgreSQL advisory lock); kill it and another takes
// over within a second or two. The balancer sends each connection to the next instance that
// answered its last health check and tells the instances the client's address
// (X-Forwarded-For, TRUST_PROXY=1), so rate limits still see clients, not the balancer.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps', 'server', 'dist', 'main.js');
const env = process.env;
if (!env.DATABASE_URL) {
  process.stderr.write(
    'start:cluster needs DATABASE_URL (a PostgreSQL database), e.g.\n' +
      '  createdb -h 127.0.0.1 -U postgres brokerage\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/brokerage npm run start:cluster\n',
  );
  process.exit(2);
}
if (!existsSync(main)) {
  process.stderr.write(`${main} is missing: run \`npm run build\` first\n`);
  process.exit(2);
}
const port = Number.parseInt(env.PORT ?? '8080', 10);
const count = Math.max(1, Number.parseInt(env.INSTANCES ?? '2', 10));
const dataDir = path.resolve(env.DATA_DIR ?? './data');
mkdirSync(dataDir, { recursive: true });

/** @type {{ name: string; port: number; child: import('node:child_process').ChildProcess | null; up: boolean }[]} */
const instances = Array.from({ length: count }, (_, i) => ({
  name: `api-${i + 1}`,
  port: port + 1 + i,
  child: null,
  up: false,
}));
let stopping = false;

function prefixLines(name, stream, out) {
  let partial = '';
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function launch(instance) {
  const child = spawn(process.execPath, [main], {
    // one deployment: same database, Redis and data folder (uploads and the signing secret)
    env: serverEnv({
      ...env,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      REDIS_URL: env.REDIS_URL || 'redis://127.0.0.1:6379',
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.child = child;
  prefixLines(instance.name, child.stdout, process.stdout);
  prefixLines(instance.name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    instance.up = false;
    instance.child = null;
    if (!stopping)
      process.stdout.write(`[cluster] ${instance.name} exited (${signal ?? code}); the others go on serving\n`);
  });
}

async function healthy(instance) {
  try {
    const r = await fetch(`http://127.0.0.1:${instance.port}/health`, { signal: AbortSignal.timeout(2_000) });
    return r.status === 200;
  } catch {
    return false;
  }
}

async function waitHealthy(instance) {
  const deadline = Date.now() + 180_000;
  while (!(await healthy(instance))) {
    if (!instance.child) throw new Error(`${instance.name} exited while starting`);
    if (Date.now() > deadline) throw new Error(`${instance.name} did not answer /health within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  instance.up = true;
}

let next = 0;
/** The next instance that answered its last health check (round robin). */
function pick() {
  for (let i = 0; i < instances.length; i += 1) {
    const instance = instances[(next + i) % instances.length];
    if (instance.up) {
      next = (next + i + 1) % instances.length;
      return instance;
    }
  }
  return null;
}

function forwardedFor(req) {
  const prior = req.headers['x-forwarded-for'];
  const address = req.socket.remoteAddress ?? '';
  return prior ? `${prior}, ${address}` : address;
}

const balancer = http.createServer((req, res) => {
  const target = pick();
  if (!target) {
    res
      .writeHead(503, { 'content-type': 'application/json' })
      .end('{"status":0,"code":"server.error","msg":"No instance is up."}');
    return;
  }
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    target.up = false; // looked at again by the health check
    if (!res.headersSent)
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end('{"status":0,"code":"server.error","msg":"The instance went away."}');
    else res.destroy();
  });
  req.pipe(upstream);
});

// WebSocket upgrades: the request line and headers are written again to the chosen instance, then bytes flow both ways
balancer.on('upgrade', (req, socket, head) => {
  const target = pick();
  if (!target) return socket.destroy();
  const upstream = net.connect(target.port, '127.0.0.1', () => {
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
    const lines = [
      `${req.method} ${req.url} HTTP/1.1`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`),
    ];
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});

async function stop() {
  if (stopping) return;
  stopping = true;
  balancer.close();
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) => {
          if (!instance.child) return resolve(undefined);
          instance.child.once('exit', resolve);
          instance.child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

launch(instances[0]);
await waitHealthy(instances[0]);
for (const instance of instances.slice(1)) launch(instance);
await Promise.all(instances.slice(1).map(waitHealthy));
// health checks every second: an instance that stops answering gets no new connections
setInterval(() => {
  for (const instance of instances)
    void healthy(instance).then((ok) => {
      instance.up = ok && instance.child !== null;
    });
}, 1_000).unref();
balancer.listen(port, env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(
    `\n[cluster] ${count} instances (${instances.map((i) => `${i.name} on :${i.port}`).join(', ')}) behind http://${env.HOST ?? '127.0.0.1'}:${port}/\n` +
      "[cluster] one of them leads the trading engine: see brokerage_engine_leader in each instance's /metrics\n",
  );
});
