/**
 * Benchmark: quote fan-out over the WebSocket of docs/api.md §18. The real app's `QuoteHub` against a
 * bare `ws` server (no Fastify, no hub) that sends the same quotes to the same clients the plain
 * way: one `quote` frame per subscription, written as it comes (the per-frame broadcast). The app
 * sends each connection ONE `quotes` message per tick with all of its changed quotes, encodes it
 * once per watch list and yields to the event loop while sending (docs/decisions.md).
 *
 *   npx tsx bench/quote-fanout.bench.ts
 *
 * Processes (all this file):
 *   - `--serve app`: `buildApp()` on in-memory PGlite with a ManualClock pinned to a Tuesday
 *     15:00Z, when the US, Mexican and Spanish markets trade (crypto and forex always do). The
 *     hub's own timer is pushed out to an hour (`tickMs`, `idleCloseMs`), so only the ticks this
 *     benchmark asks for send anything. A tick = advance the clock one minute, then
 *     `deps.quoteHub.tick()`: every subscribed instrument has a new quote, so every client gets
 *     one `quotes` message with all of its subscriptions.
 *   - `--serve bare`: `new WebSocketServer()` from `ws` on a plain `http` server (which answers
 *     `GET /health` like the app), the same `maxPayload`. It answers a subscribe with an ack and
 *     one snapshot per id, and a "tick" sends, instrument by instrument, one `quote` frame per
 *     subscriber with the quote the hub sent in the app round just before (recorded by the
 *     clients), so both servers deliver the same quotes to the same sockets, synchronously.
 *   - `--clients`: client shards. Each opens its share of the clients to both servers (one
 *     connection per server per client), with a minimal WebSocket client on `net` (handshake,
 *     masked client frames, unmasked server frames; no per-message events or UTF-8 validation),
 *     so that the load side costs far less per frame than the server under test.
 *   - this process coordinates over IPC and computes the statistics.
 *
 * A round: the shards arm, the server records `performance.timeOrigin + performance.now()` at
 * the start of its tick (app) or send loop (bare) and runs it; each shard stamps every frame
 * with the same clock when the bytes reach its event loop. Latency = receive − tick start. All
 * processes share one machine and its wall clock; the offsets between their clocks are measured
 * over IPC and reported. Rounds interleave app, bare, app, bare, …; for each server the median
 * of the per-round p50/p99/max is kept. The figures of merit, in this run: p99(app) / p99(bare)
 * of the quote delivery latency (target ≤ 0.5), and the p99 latency of `GET /health` requests the
 * coordinator issues every BENCH_WS_HTTP_EVERY_MS from the tick request until every quote of the
 * round has arrived (target < 50 ms), pooled over the measured app rounds.
 *
 * Environment:
 *   BENCH_WS_CLIENTS        WebSocket clients (default 5000)
 *   BENCH_WS_SUBS           instruments per client (default 10)
 *   BENCH_WS_INSTRUMENTS    distinct instruments, all moving every minute (default 60, at least 50 advised)
 *   BENCH_WS_ROUNDS         measured rounds per server (default 15)
 *   BENCH_WS_WARMUP         unmeasured rounds per server first (default 2)
 *   BENCH_WS_CLIENT_PROCS   client shard processes (default 1)
 *   BENCH_WS_BATCH          connections opened at once, over all shards (default 400)
 *   BENCH_WS_AT             the app clock's start instant (default 2026-03-03T15:00:00Z, a Tuesday)
 *   BENCH_WS_HTTP_EVERY_MS  interval of the HTTP probes during a burst (default 5; 0: no probes)
 *   BENCH_WS_PROFILE        a folder: each server writes a V8 CPU profile of its rounds there
 *                           (<app|bare>.cpuprofile, from its first tick to the end; slows the run)
 *
 * Each process needs about one file descriptor per socket: a server 1 per client, a shard 2
 * per client it holds (one per server). The run stops early when `ulimit -n` is too low.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopHeld } from '../apps/server/src/modules/market/loop-held.js';
import { buildBenchApp, listenOnLoopback, openSeededDatabase } from './lib/app-server.js';
import {
  answerCoordinator,
  argOf,
  Child,
  cpuMicros,
  errorText,
  portOf,
  reply,
  runChild,
  runMain,
} from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { exitCodeFor, loadLine, machineLine, machineReport, row, writeResult } from './lib/report.js';
import { median, nearestRank } from './lib/stats.js';

const THIS_FILE = fileURLToPath(import.meta.url);
const TARGET_RATIO = 0.5;
const HTTP_TARGET_P99_MS = 50;
const HEALTH_PATH = '/health';
const WS_PATH = '/api/vue/ws';
const MINUTE_MS = 60_000;
const MAX_PAYLOAD = 16 * 1024;
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const QUOTE_PREFIX = Buffer.from('{"op":"quote","data":{"instrumentId":"', 'utf8');
const QUOTE_DATA_OFFSET = '{"op":"quote","data":'.length;
const QUOTES_PREFIX = Buffer.from('{"op":"quotes","data":[', 'utf8');
const QUOTE_START = Buffer.from('{"instrumentId":"', 'utf8');
const HUB_OPTIONS = {
  tickMs: 3_600_000,
  idleCloseMs: 3_600_000,
  messagesPerSecond: 1000,
  maxConnectionsPerAddress: 1_000_000,
};

type ServerKind = 'app' | 'bare';
/** instrumentId → its `quote` frame for the bare server (`{"op":"quote","data":<the quote the app sent>}`) */
type Frames = Array<[instrumentId: string, frame: string]>;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes of one machine. */
const wallNow = (): number => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// Messages (besides `cpu`, `stop` and `error`, which every child of lib/child-server.ts knows)
// ---------------------------------------------------------------------------------------------

type ServerRequest =
  { type: 'frames'; frames: Frames } | { type: 'tick' } | { type: 'connections' } | { type: 'clock' };

type ServerReply =
  | { type: 'ready'; port: number; instruments: string[]; skipped: string[] }
  | { type: 'ack' }
  | {
      type: 'ticked';
      startMs: number;
      syncMs: number;
      yields: number;
      encoded: number;
      longestSliceMs: number;
      holdCpuMs: number;
    }
  | { type: 'connections'; count: number }
  | { type: 'clock'; now: number };

interface ConnectSpec {
  kind: ServerKind;
  port: number;
  first: number;
  count: number;
  instruments: string[];
  subs: number;
  batch: number;
}

type ShardRequest =
  | ({ type: 'connect' } & ConnectSpec)
  | { type: 'arm'; kind: ServerKind; expected: number }
  | { type: 'collect'; timeoutMs: number }
  | { type: 'clock' };

type ShardReply =
  | { type: 'ready' }
  | { type: 'connected'; kind: ServerKind; ms: number; snapshots: Frames }
  | { type: 'armed' }
  | {
      type: 'collected';
      times: Float64Array;
      frames: Frames;
      expected: number;
      received: number;
      bytes: number;
      quoteBytes: number;
      messages: number;
      wrong: number;
      strays: number;
      closed: number;
      cpuMicros: number;
    }
  | { type: 'clock'; now: number };

/** With BENCH_WS_PROFILE, starts the V8 profiler once; `save` writes what it recorded. */
function profiler(kind: ServerKind): { start: () => void; save: () => Promise<void> } {
  const folder = process.env.BENCH_WS_PROFILE?.trim();
  let session: import('node:inspector/promises').Session | null = null;
  let started: Promise<void> | null = null;
  return {
    start: () => {
      if (!folder || started) return;
      started = import('node:inspector/promises').then(async ({ Session }) => {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      });
    },
    save: async () => {
      if (!folder || !started) return;
      await started;
      if (!session) return;
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${kind}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/** Client `index` watches `subs` consecutive instruments starting at index·7: every instrument gets the same share. */
function subscriptionOf(index: number, instruments: readonly string[], subs: number): string[] {
  const start = (index * 7) % instruments.length;
  const ids: string[] = [];
  for (let k = 0; k < subs; k++) ids.push(instruments[(start + k) % instruments.length] as string);
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Server side: what both servers answer
// ---------------------------------------------------------------------------------------------

/** What a server under test does on the coordinator's requests; `tick` returns when its sending started (wallNow). */
interface ServerSide {
  /** The frames of the app's last round (only the bare server keeps them). */
  frames: (frames: Frames) => void;
  /** resolves once the last frame is handed to its socket */
  tick: () => Promise<{ startMs: number; yields: number; encoded: number; longestSliceMs: number; holdCpuMs: number }>;
  connections: () => number;
}

/** Answers the coordinator for the app or the bare server; `close` runs on `stop`. */
function answerAsServer(close: () => Promise<void>, server: ServerSide): void {
  answerCoordinator<ServerRequest>(close, (message) => {
    switch (message.type) {
      case 'frames':
        server.frames(message.frames);
        reply<ServerReply>({ type: 'ack' });
        break;
      case 'tick':
        void server.tick().then(
          ({ startMs, ...rest }) =>
            reply<ServerReply>({ type: 'ticked', startMs, syncMs: wallNow() - startMs, ...rest }),
          (error: unknown) => reply({ type: 'error', message: errorText(error) }),
        );
        break;
      case 'connections':
        reply<ServerReply>({ type: 'connections', count: server.connections() });
        break;
      case 'clock':
        reply<ServerReply>({ type: 'clock', now: wallNow() });
        break;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Server side: the app
// ---------------------------------------------------------------------------------------------

interface ServeSettings {
  at: Date;
  instruments: number;
  minutes: number;
}

/** The fields of a hub frame except `ts`: equal signatures mean the hub would skip the instrument. */
function signatureOf(q: {
  price: string;
  open: string;
  prevClose: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  status: string;
  bid: string;
  ask: string;
  inSession: boolean;
  stale: boolean;
}): string {
  return [
    q.price,
    q.open,
    q.prevClose,
    q.high,
    q.low,
    q.volume,
    q.turnover,
    q.status,
    q.bid,
    q.ask,
    q.inSession,
    q.stale,
  ].join('|');
}

async function serveApp(settings: ServeSettings): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { ManualClock } = await import('../apps/server/src/platform/clock.js');
  const { SimulatedFeed } = await import('../apps/server/src/modules/market/index.js');
  const { cryptoPairs, forexPairs, mexicoStocks, spainStocks, usStocks } =
    await import('../packages/market-sim/src/universe/index.js');

  const clock = new ManualClock(settings.at);
  const database = await openSeededDatabase({ databaseUrl: null, clock });
  const config = loadConfig({});
  const { app, deps } = await buildBenchApp({
    config,
    database,
    clock,
    quoteHub: HUB_OPTIONS,
  });

  // Candidates: crypto, forex, then US, Mexican and Spanish listed stocks in turn. Keep those whose
  // frame changes at every minute of the run, checked on a second feed over the same settings so
  // the app's own simulator stays as cold as it would be.
  const stocks = [usStocks.filter((d) => d.board === 'listed' && d.assetClass === 'stock'), mexicoStocks, spainStocks];
  const candidates: string[] = [...cryptoPairs, ...forexPairs].map((d) => d.instrumentId);
  for (let i = 0; stocks.some((list) => i < list.length); i++) {
    for (const list of stocks) {
      const def = list[i];
      if (def && def.assetClass === 'stock') candidates.push(def.instrumentId);
    }
  }
  const probeClock = new ManualClock(settings.at);
  const probe = new SimulatedFeed(deps.settings, probeClock, config.marketSeed);
  const instruments: string[] = [];
  const skipped: string[] = [];
  for (const id of candidates) {
    if (instruments.length >= settings.instruments) break;
    probeClock.set(settings.at);
    let previous = probe.quote(id);
    let moves = previous.status === 'trading' && previous.inSession;
    for (let minute = 1; moves && minute <= settings.minutes; minute++) {
      probeClock.set(new Date(settings.at.getTime() + minute * MINUTE_MS));
      const next = probe.quote(id);
      if (next.status !== 'trading' || !next.inSession || signatureOf(next) === signatureOf(previous)) moves = false;
      previous = next;
    }
    if (moves) instruments.push(id);
    else skipped.push(id);
  }

  const port = await listenOnLoopback(app);
  const hub = deps.quoteHub;
  const profile = profiler('app');
  answerAsServer(
    async () => {
      await profile.save();
      await app.close();
      await database.close();
    },
    {
      frames: () => undefined,
      tick: async () => {
        profile.start();
        clock.advance(MINUTE_MS);
        const before = { ...hub.stats };
        const startMs = wallNow();
        // the longest the loop was held in this thread's CPU time (a 2 ms timer's view): what
        // the hub itself holds, without the time the OS gave other processes
        const { cpuMs } = await loopHeld(() => hub.tick());
        return {
          startMs,
          yields: hub.stats.yields - before.yields,
          encoded: hub.stats.encoded - before.encoded,
          longestSliceMs: hub.stats.lastLongestSliceMs,
          holdCpuMs: cpuMs,
        };
      },
      connections: () => hub.connectionCount,
    },
  );
  reply<ServerReply>({ type: 'ready', port, instruments, skipped });
}

// ---------------------------------------------------------------------------------------------
// Server side: the bare ws server
// ---------------------------------------------------------------------------------------------

async function serveBare(): Promise<void> {
  const { WebSocketServer } = await import('ws');
  type Socket = import('ws').WebSocket;
  interface BareConnection {
    socket: Socket;
    ids: string[];
  }
  const frames = new Map<string, string>();
  const connections = new Set<BareConnection>();
  /** instrumentId → subscribers, built like the hub's: connections in accept order, their ids in order */
  let watched: Map<string, Socket[]> | null = null;

  // `GET /health` answers like the app's (a small JSON), so the HTTP probes have something to read.
  const server = http.createServer((request, response) => {
    const body = request.url === HEALTH_PATH ? '{"status":"ok"}' : '{"status":0}';
    response.writeHead(request.url === HEALTH_PATH ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  });
  server.keepAliveTimeout = 60_000; // a probe socket must outlive a multi-second burst, as the app's do
  const wss = new WebSocketServer({ server, maxPayload: MAX_PAYLOAD });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  wss.on('connection', (socket) => {
    const connection: BareConnection = { socket, ids: [] };
    connections.add(connection);
    watched = null;
    socket.on('message', (data, isBinary) => {
      if (isBinary || !Buffer.isBuffer(data)) return;
      const message = JSON.parse(data.toString('utf8')) as { op?: unknown; id?: unknown; instrumentIds?: unknown };
      if (message.op !== 'subscribe' || !Array.isArray(message.instrumentIds)) return;
      const ids = message.instrumentIds.filter((id): id is string => typeof id === 'string');
      connection.ids.push(...ids);
      watched = null;
      socket.send(JSON.stringify({ op: 'ack', id: message.id, status: 1, data: { subscribed: ids, rejected: [] } }));
      for (const id of ids) {
        const frame = frames.get(id);
        if (frame !== undefined) socket.send(frame);
      }
    });
    socket.on('close', () => {
      connections.delete(connection);
      watched = null;
    });
  });

  const subscribers = (): Map<string, Socket[]> => {
    const map = new Map<string, Socket[]>();
    for (const c of connections) {
      for (const id of c.ids) {
        const list = map.get(id);
        if (list) list.push(c.socket);
        else map.set(id, [c.socket]);
      }
    }
    return map;
  };

  const profile = profiler('bare');
  answerAsServer(
    async () => {
      try {
        await profile.save();
      } finally {
        for (const c of connections) c.socket.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    {
      frames: (latest) => {
        for (const [id, frame] of latest) frames.set(id, frame);
      },
      tick: async () => {
        profile.start();
        watched ??= subscribers();
        const startMs = wallNow();
        const sends = watched;
        const { cpuMs } = await loopHeld(async () => {
          for (const [id, list] of sends) {
            const frame = frames.get(id);
            if (frame === undefined) continue;
            for (const socket of list) socket.send(frame);
          }
        });
        return { startMs, yields: 0, encoded: 0, longestSliceMs: wallNow() - startMs, holdCpuMs: cpuMs };
      },
      connections: () => connections.size,
    },
  );
  reply<ServerReply>({ type: 'ready', port: portOf(server.address()), instruments: [], skipped: [] });
}

// ---------------------------------------------------------------------------------------------
// Client shards: a minimal WebSocket client on net.Socket
// ---------------------------------------------------------------------------------------------

interface WsClient {
  kind: ServerKind;
  socket: net.Socket;
  ids: Set<string>;
  key: string;
  pending: Buffer | null;
  upgraded: boolean;
  acked: boolean;
  snapshots: number;
  subscribed: boolean;
  /** the round this client last got a frame in, and how many it got */
  epoch: number;
  count: number;
  settle: ((error: Error | null) => void) | null;
}

interface RoundState {
  kind: ServerKind;
  epoch: number;
  expected: number;
  times: Float64Array;
  received: number;
  /** messages and their payload bytes */
  messages: number;
  bytes: number;
  /** bytes of the quotes' JSON objects alone: equal for an app round and the bare round replaying it */
  quoteBytes: number;
  wrong: number;
  frames: Map<string, string>;
  cpuStart: number;
  done: (() => void) | null;
}

/** A masked client frame (RFC 6455 §5.3). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + length);
  frame.writeUInt8(0x80 | opcode, 0);
  if (length < 126) frame.writeUInt8(0x80 | length, 1);
  else if (length < 65536) {
    frame.writeUInt8(0x80 | 126, 1);
    frame.writeUInt16BE(length, 2);
  } else {
    frame.writeUInt8(0x80 | 127, 1);
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, header);
  for (let i = 0; i < length; i++) frame.writeUInt8(payload.readUInt8(i) ^ mask.readUInt8(i & 3), header + 4 + i);
  return frame;
}

function runShard(): void {
  const clients: Record<ServerKind, WsClient[]> = { app: [], bare: [] };
  const snapshots: Record<ServerKind, Map<string, string>> = { app: new Map(), bare: new Map() };
  let subsPerClient = 0;
  let round: RoundState | null = null;
  let epoch = 0;
  let strays = 0;
  let closed = 0;

  const finishRound = (state: RoundState) => {
    const done = state.done;
    state.done = null;
    done?.();
  };

  /** One quote delivered in a round: its JSON object is data[objStart, objEnd). */
  const onQuote = (
    client: WsClient,
    state: RoundState,
    data: Buffer,
    idStart: number,
    objStart: number,
    objEnd: number,
    now: number,
  ) => {
    const idEnd = data.indexOf(0x22, idStart);
    const id = data.toString('latin1', idStart, idEnd < 0 || idEnd > objEnd ? objEnd : idEnd);
    if (!client.ids.has(id)) state.wrong++;
    if (client.epoch !== state.epoch) {
      client.epoch = state.epoch;
      client.count = 0;
    }
    client.count++;
    if (client.count > subsPerClient) state.wrong++;
    if (!state.frames.has(id)) state.frames.set(id, `{"op":"quote","data":${data.toString('utf8', objStart, objEnd)}}`);
    if (state.received < state.times.length) state.times[state.received] = now;
    state.received++;
    state.quoteBytes += objEnd - objStart;
  };

  const onText = (client: WsClient, data: Buffer, start: number, end: number, now: number) => {
    if (!client.subscribed) {
      const message = JSON.parse(data.toString('utf8', start, end)) as {
        op?: string;
        data?: unknown;
        code?: string;
      };
      const known = snapshots[client.kind];
      if (message.op === 'ack') {
        const ack = message.data as { subscribed?: string[]; rejected?: unknown[] } | undefined;
        if (ack?.subscribed?.length !== client.ids.size || (ack.rejected?.length ?? 0) > 0) {
          client.settle?.(new Error(`subscription refused: ${data.toString('utf8', start, end)}`));
          return;
        }
        client.acked = true;
      } else if (message.op === 'quote' || message.op === 'quotes') {
        const quotes = (message.op === 'quote' ? [message.data] : message.data) as Array<{ instrumentId?: string }>;
        for (const q of quotes) {
          client.snapshots++;
          if (q.instrumentId && !known.has(q.instrumentId))
            known.set(q.instrumentId, `{"op":"quote","data":${JSON.stringify(q)}}`);
        }
      } else {
        client.settle?.(new Error(`unexpected frame while subscribing: ${data.toString('utf8', start, end)}`));
        return;
      }
      if (client.acked && client.snapshots === client.ids.size) {
        client.subscribed = true;
        client.settle?.(null);
      }
      return;
    }
    const state = round;
    if (state === null || state.kind !== client.kind) {
      strays++;
      return;
    }
    state.messages++;
    state.bytes += end - start;
    const startsWith = (prefix: Buffer, at: number) =>
      at + prefix.length <= end && data.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
    if (startsWith(QUOTE_PREFIX, start)) {
      // the bare server: one quote per frame
      onQuote(client, state, data, start + QUOTE_PREFIX.length, start + QUOTE_DATA_OFFSET, end - 1, now);
    } else if (startsWith(QUOTES_PREFIX, start)) {
      // the app: `{"op":"quotes","data":[{…},{…}]}`; a quote is a flat object, so it ends at its first `}`
      let at = start + QUOTES_PREFIX.length;
      for (;;) {
        if (!startsWith(QUOTE_START, at)) {
          state.wrong++;
          break;
        }
        const objEnd = data.indexOf(0x7d, at) + 1;
        if (objEnd <= 0 || objEnd > end) {
          state.wrong++;
          break;
        }
        onQuote(client, state, data, at + QUOTE_START.length, at, objEnd, now);
        if (data[objEnd] !== 0x2c) break; // `,` another quote follows; else `]}`
        at = objEnd + 1;
      }
    } else {
      state.wrong++;
      return;
    }
    if (state.received === state.expected) finishRound(state);
  };

  const onData = (client: WsClient, chunk: Buffer) => {
    const now = wallNow();
    let data = client.pending === null ? chunk : Buffer.concat([client.pending, chunk]);
    client.pending = null;
    let offset = 0;
    if (!client.upgraded) {
      const headEnd = data.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        client.pending = data;
        return;
      }
      const head = data.toString('latin1', 0, headEnd);
      const accept = createHash('sha1')
        .update(client.key + WS_GUID)
        .digest('base64');
      if (
        !head.startsWith('HTTP/1.1 101') ||
        !head.toLowerCase().includes(`sec-websocket-accept: ${accept.toLowerCase()}`)
      ) {
        client.settle?.(new Error(`upgrade refused: ${head.split('\r\n')[0] ?? ''}`));
        client.socket.destroy();
        return;
      }
      client.upgraded = true;
      client.socket.write(
        clientFrame(
          1,
          Buffer.from(
            JSON.stringify({ op: 'subscribe', id: 's1', channel: 'quote', instrumentIds: [...client.ids] }),
            'utf8',
          ),
        ),
      );
      offset = headEnd + 4;
    }
    while (offset + 2 <= data.length) {
      const b0 = data.readUInt8(offset);
      const b1 = data.readUInt8(offset + 1);
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (offset + 4 > data.length) break;
        length = data.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (offset + 10 > data.length) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if ((b1 & 0x80) !== 0) throw new Error('the server sent a masked frame');
      const start = offset + header;
      const end = start + length;
      if (end > data.length) break;
      const opcode = b0 & 0x0f;
      if ((b0 & 0x80) === 0 || opcode === 0) throw new Error('fragmented frames are not expected');
      if (opcode === 1) onText(client, data, start, end, now);
      else if (opcode === 9) client.socket.write(clientFrame(10, data.subarray(start, end)));
      else if (opcode === 8) closed++;
      offset = end;
    }
    if (offset < data.length) {
      data = data.subarray(offset);
      client.pending = Buffer.from(data);
    }
  };

  const open = (kind: ServerKind, port: number, ids: string[]): Promise<WsClient> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
      const client: WsClient = {
        kind,
        socket,
        ids: new Set(ids),
        key: randomBytes(16).toString('base64'),
        pending: null,
        upgraded: false,
        acked: false,
        snapshots: 0,
        subscribed: false,
        epoch: -1,
        count: 0,
        settle: null,
      };
      client.settle = (error) => {
        client.settle = null;
        if (error) reject(error);
        else resolve(client);
      };
      socket.on('connect', () => {
        socket.write(
          `GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${client.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        try {
          onData(client, chunk);
        } catch (error) {
          client.settle?.(error instanceof Error ? error : new Error(String(error)));
          socket.destroy();
        }
      });
      socket.on('error', (error) => client.settle?.(error));
      socket.on('close', () => {
        if (client.subscribed) closed++;
        client.settle?.(new Error('closed before subscribing'));
      });
    });

  const connect = async (spec: ConnectSpec): Promise<ShardReply> => {
    const started = wallNow();
    subsPerClient = spec.subs;
    for (let from = 0; from < spec.count; from += spec.batch) {
      const group: Promise<WsClient>[] = [];
      for (let i = from; i < Math.min(spec.count, from + spec.batch); i++) {
        group.push(open(spec.kind, spec.port, subscriptionOf(spec.first + i, spec.instruments, spec.subs)));
      }
      clients[spec.kind].push(...(await Promise.all(group)));
    }
    return { type: 'connected', kind: spec.kind, ms: wallNow() - started, snapshots: [...snapshots[spec.kind]] };
  };

  const collect = async (timeoutMs: number): Promise<ShardReply> => {
    const state = round;
    if (state === null) throw new Error('collect before arm');
    if (state.received < state.expected) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          state.done = null;
          resolve();
        }, timeoutMs);
        state.done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    round = null;
    const answer: ShardReply = {
      type: 'collected',
      times: state.times.subarray(0, Math.min(state.received, state.times.length)),
      frames: [...state.frames],
      expected: state.expected,
      received: state.received,
      bytes: state.bytes,
      quoteBytes: state.quoteBytes,
      messages: state.messages,
      wrong: state.wrong,
      strays,
      closed,
      cpuMicros: cpuMicros() - state.cpuStart,
    };
    strays = 0;
    return answer;
  };

  const answer = (work: () => Promise<ShardReply> | ShardReply) => {
    Promise.resolve()
      .then(work)
      .then(
        (result) => reply(result),
        (error: unknown) => reply({ type: 'error', message: errorText(error) }),
      );
  };
  const closeAll = async () => {
    for (const list of Object.values(clients)) for (const client of list) client.socket.destroy();
  };
  answerCoordinator<ShardRequest>(closeAll, (message) => {
    switch (message.type) {
      case 'connect':
        answer(() => connect(message));
        break;
      case 'arm':
        answer(() => {
          epoch++;
          round = {
            kind: message.kind,
            epoch,
            expected: message.expected,
            times: new Float64Array(message.expected),
            received: 0,
            messages: 0,
            bytes: 0,
            quoteBytes: 0,
            wrong: 0,
            frames: new Map(),
            cpuStart: cpuMicros(),
            done: null,
          };
          return { type: 'armed' };
        });
        break;
      case 'collect':
        answer(() => collect(message.timeoutMs));
        break;
      case 'clock':
        reply<ShardReply>({ type: 'clock', now: wallNow() });
        break;
    }
  });
  reply<ShardReply>({ type: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// Coordinator (this process)
// ---------------------------------------------------------------------------------------------

type ServerPeer = Child<ServerRequest, ServerReply>;
type ShardPeer = Child<ShardRequest, ShardReply>;

/** Every child of this file exchanges typed arrays (the frame times), hence `advanced` serialization. */
const startServer = (label: string, args: string[]): ServerPeer =>
  Child.fork(THIS_FILE, args, { label, serialization: 'advanced' });
const startShard = (label: string): ShardPeer =>
  Child.fork(THIS_FILE, ['--clients'], { label, serialization: 'advanced' });

/** The soft limit on open files of this process (children inherit it), or null off Linux. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft === undefined) return null;
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number.parseInt(soft, 10);
  } catch {
    return null;
  }
}

/** Offset of a child's wall clock against ours (child − us), from the IPC round trip with the smallest delay. */
async function clockOffset(ask: () => Promise<number>): Promise<{ offsetMs: number; rttMs: number }> {
  let best = { offsetMs: Number.NaN, rttMs: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 7; i++) {
    const sent = wallNow();
    const theirs = await ask();
    const received = wallNow();
    if (received - sent < best.rttMs) best = { offsetMs: theirs - (sent + received) / 2, rttMs: received - sent };
  }
  return best;
}

/**
 * `GET /health` every `everyMs` on a keep-alive agent (at most 16 sockets: more requests wait for
 * one, and that wait counts) until `stop`, which waits for the last answer.
 */
function startProbes(
  port: number,
  everyMs: number,
  agent: http.Agent,
): { stop: () => Promise<{ latencies: number[]; errors: number }> } {
  const latencies: number[] = [];
  let errors = 0;
  const pending = new Set<Promise<void>>();
  const fire = () => {
    const sent = performance.now();
    const answered = new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: HEALTH_PATH, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - sent);
          else errors++;
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
    });
    pending.add(answered);
    void answered.then(() => pending.delete(answered));
  };
  if (everyMs <= 0) return { stop: async () => ({ latencies, errors }) };
  fire();
  const timer = setInterval(fire, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      while (pending.size > 0) await Promise.all([...pending]);
      return { latencies, errors };
    },
  };
}

interface RoundResult {
  kind: ServerKind;
  round: number;
  frames: number;
  /** WebSocket messages the clients got (app: one per client; bare: one per quote) */
  messages: number;
  expected: number;
  bytes: number;
  quoteBytes: number;
  httpProbes: number;
  httpErrors: number;
  httpP50Ms: number;
  httpP99Ms: number;
  httpMaxMs: number;
  yields: number;
  encoded: number;
  longestSliceMs: number;
  holdCpuMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  firstMs: number;
  syncMs: number;
  serverCpuMicrosPerFrame: number;
  clientCpuMicrosPerFrame: number;
  wrong: number;
  strays: number;
  closed: number;
}

interface Summary {
  rounds: number;
  framesPerRound: number;
  bytesPerRound: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  pooledP50Ms: number;
  pooledP99Ms: number;
  pooledMaxMs: number;
  sendLoopMs: number;
  /** median over rounds of the longest time the send loop held the event loop (wall) */
  longestSliceMs: number;
  /** median over rounds of the longest the event loop was held, in the server thread's CPU time */
  holdCpuMs: number;
  serverCpuMicrosPerFrame: number;
  clientCpuMicrosPerFrame: number;
  messagesPerRound: number;
  /** pooled over the measured rounds */
  http: { probes: number; errors: number; p50Ms: number; p99Ms: number; maxMs: number };
  missing: number;
  wrong: number;
  strays: number;
  closed: number;
}

function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

async function main(): Promise<number> {
  const clientsTotal = envInt('BENCH_WS_CLIENTS', 5000);
  const subs = envInt('BENCH_WS_SUBS', 10);
  const instrumentCount = envInt('BENCH_WS_INSTRUMENTS', 60);
  const rounds = envInt('BENCH_WS_ROUNDS', 15);
  const warmup = envInt('BENCH_WS_WARMUP', 2);
  const procs = envInt('BENCH_WS_CLIENT_PROCS', 1);
  const batchTotal = envInt('BENCH_WS_BATCH', 400);
  const httpEveryMs = envInt('BENCH_WS_HTTP_EVERY_MS', 5);
  const at = new Date(process.env.BENCH_WS_AT?.trim() || '2026-03-03T15:00:00Z');
  if (Number.isNaN(at.getTime())) throw new Error('BENCH_WS_AT is not a date');
  if (subs > instrumentCount) throw new Error('BENCH_WS_SUBS must not exceed BENCH_WS_INSTRUMENTS');
  const roundTimeoutMs = 60_000;
  const wallStart = wallNow();

  const limit = openFileLimit();
  const perShard = Math.ceil(clientsTotal / procs);
  const needShard = 2 * perShard + 64;
  const needServer = clientsTotal + 64;
  process.stdout.write(
    `quote fan-out benchmark: ${clientsTotal} clients x ${subs} instruments (of ${instrumentCount}), ` +
      `${rounds} rounds per server (+${warmup} warm-up), ${procs} client process(es)\n` +
      `${machineLine()}, ${loadLine()}; servers and clients share these CPUs\n` +
      `open files: limit ${limit === null ? 'unknown' : String(limit)}, needed ~${needServer} per server and ~${needShard} per client process\n`,
  );
  if (limit !== null && limit < Math.max(needShard, needServer)) {
    throw new Error(`ulimit -n is ${limit}; raise it (e.g. \`ulimit -n 20000\`) or set BENCH_WS_CLIENT_PROCS higher`);
  }

  const app = startServer('app server', [
    '--serve',
    'app',
    '--at',
    at.toISOString(),
    '--instruments',
    String(instrumentCount),
    '--minutes',
    String(warmup + rounds + 1),
  ]);
  const bare = startServer('bare server', ['--serve', 'bare']);
  const shards: ShardPeer[] = [];
  for (let s = 0; s < procs; s++) shards.push(startShard(`client process ${s + 1}`));
  const stopAll = () => Promise.all([app.stop(), bare.stop(), ...shards.map((shard) => shard.stop())]);

  try {
    const [appReady, bareReady] = await Promise.all([
      app.ready('ready'),
      bare.ready('ready'),
      ...shards.map((s) => s.ready('ready')),
    ]);
    const instruments = appReady.instruments;
    process.stdout.write(
      `  app ready in ${((wallNow() - wallStart) / 1000).toFixed(1)} s; ${instruments.length} instruments move every minute` +
        (appReady.skipped.length > 0 ? ` (skipped: ${appReady.skipped.join(', ')})` : '') +
        '\n',
    );
    if (instruments.length < subs) throw new Error('too few instruments move every minute at BENCH_WS_AT');

    const shareOf = (s: number) => ({
      first: s * perShard,
      count: Math.max(0, Math.min(perShard, clientsTotal - s * perShard)),
    });
    const batch = Math.max(1, Math.floor(batchTotal / procs));
    const connectAll = async (kind: ServerKind, port: number) => {
      const started = wallNow();
      const answers = await Promise.all(
        shards.map((shard, s) =>
          shard.call({ type: 'connect', kind, port, ...shareOf(s), instruments, subs, batch }, 'connected'),
        ),
      );
      const server = kind === 'app' ? app : bare;
      const count = (await server.call({ type: 'connections' }, 'connections')).count;
      if (count !== clientsTotal)
        throw new Error(`${kind} server holds ${count} connections, expected ${clientsTotal}`);
      process.stdout.write(
        `  ${clientsTotal} clients connected to ${kind} and got their snapshots in ${((wallNow() - started) / 1000).toFixed(1)} s\n`,
      );
      return answers.flatMap((a) => a.snapshots);
    };

    const snapshots = await connectAll('app', appReady.port);
    await bare.call({ type: 'frames', frames: snapshots }, 'ack');
    await connectAll('bare', bareReady.port);

    const offsets: Record<string, { offsetMs: number; rttMs: number }> = {};
    offsets.app = await clockOffset(async () => (await app.call({ type: 'clock' }, 'clock')).now);
    offsets.bare = await clockOffset(async () => (await bare.call({ type: 'clock' }, 'clock')).now);
    for (const [s, shard] of shards.entries()) {
      offsets[`clients${s + 1}`] = await clockOffset(async () => (await shard.call({ type: 'clock' }, 'clock')).now);
    }
    process.stdout.write(
      `  clock offsets vs coordinator (ms, best of 7 IPC round trips): ${Object.entries(offsets)
        .map(([name, o]) => `${name} ${o.offsetMs.toFixed(3)} ±${(o.rttMs / 2).toFixed(3)}`)
        .join(', ')}\n`,
    );

    const expectedOf = (s: number) => shareOf(s).count * subs;
    const pooled: Record<ServerKind, Float64Array[]> = { app: [], bare: [] };
    const pooledHttp: Record<ServerKind, number[]> = { app: [], bare: [] };
    /** the same probes for 300 ms before each measured app round, with nothing being sent: what the machine gives anyway */
    const quietHttp: number[] = [];
    let quietHttpErrors = 0;
    const agents: Record<ServerKind, http.Agent> = {
      app: new http.Agent({ keepAlive: true, maxSockets: 16 }),
      bare: new http.Agent({ keepAlive: true, maxSockets: 16 }),
    };
    const ports: Record<ServerKind, number> = { app: appReady.port, bare: bareReady.port };
    // open the probe connections before the first round
    for (const kind of ['app', 'bare'] as const) {
      const warm = startProbes(ports[kind], 1, agents[kind]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { errors } = await warm.stop();
      if (errors > 0) throw new Error(`${kind}: GET ${HEALTH_PATH} failed before the first round`);
    }
    const runs: RoundResult[] = [];
    let lastAppFrames: Frames = [];

    const runRound = async (kind: ServerKind, roundNo: number, measured: boolean): Promise<RoundResult> => {
      const server = kind === 'app' ? app : bare;
      if (kind === 'bare') await bare.call({ type: 'frames', frames: lastAppFrames }, 'ack');
      if (kind === 'app' && measured && httpEveryMs > 0) {
        const quiet = startProbes(ports.app, httpEveryMs, agents.app);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const probed = await quiet.stop();
        quietHttp.push(...probed.latencies);
        quietHttpErrors += probed.errors;
      }
      await Promise.all(shards.map((shard, s) => shard.call({ type: 'arm', kind, expected: expectedOf(s) }, 'armed')));
      const cpuBefore = await server.cpuMicros();
      const probes = startProbes(ports[kind], httpEveryMs, agents[kind]);
      const ticked = await server.call({ type: 'tick' }, 'ticked');
      const collected = await Promise.all(
        shards.map((shard) => shard.call({ type: 'collect', timeoutMs: roundTimeoutMs }, 'collected')),
      );
      const probed = await probes.stop();
      const cpuAfter = await server.cpuMicros();
      const httpLatencies = Float64Array.from(probed.latencies).sort();
      if (measured) pooledHttp[kind].push(...probed.latencies);

      const frames = collected.reduce((sum, c) => sum + c.received, 0);
      const latencies = new Float64Array(collected.reduce((sum, c) => sum + c.times.length, 0));
      let at = 0;
      for (const c of collected) {
        for (let i = 0; i < c.times.length; i++) latencies[at++] = (c.times[i] ?? Number.NaN) - ticked.startMs;
      }
      latencies.sort();
      if (measured) pooled[kind].push(latencies);
      if (kind === 'app') {
        const merged = new Map<string, string>();
        for (const c of collected) for (const [id, frame] of c.frames) if (!merged.has(id)) merged.set(id, frame);
        lastAppFrames = [...merged];
        if (merged.size !== instruments.length)
          throw new Error(`app round ${roundNo}: frames for ${merged.size} of ${instruments.length} instruments`);
      }
      return {
        kind,
        round: roundNo,
        frames,
        messages: collected.reduce((sum, c) => sum + c.messages, 0),
        expected: collected.reduce((sum, c) => sum + c.expected, 0),
        bytes: collected.reduce((sum, c) => sum + c.bytes, 0),
        quoteBytes: collected.reduce((sum, c) => sum + c.quoteBytes, 0),
        httpProbes: httpLatencies.length,
        httpErrors: probed.errors,
        httpP50Ms: nearestRank(httpLatencies, 50),
        httpP99Ms: nearestRank(httpLatencies, 99),
        httpMaxMs: httpLatencies[httpLatencies.length - 1] ?? Number.NaN,
        yields: ticked.yields,
        encoded: ticked.encoded,
        longestSliceMs: ticked.longestSliceMs,
        holdCpuMs: ticked.holdCpuMs,
        p50Ms: nearestRank(latencies, 50),
        p99Ms: nearestRank(latencies, 99),
        maxMs: latencies[latencies.length - 1] ?? Number.NaN,
        firstMs: latencies[0] ?? Number.NaN,
        syncMs: ticked.syncMs,
        serverCpuMicrosPerFrame: frames > 0 ? (cpuAfter - cpuBefore) / frames : Number.NaN,
        clientCpuMicrosPerFrame: frames > 0 ? collected.reduce((sum, c) => sum + c.cpuMicros, 0) / frames : Number.NaN,
        wrong: collected.reduce((sum, c) => sum + c.wrong, 0),
        strays: collected.reduce((sum, c) => sum + c.strays, 0),
        closed: Math.max(...collected.map((c) => c.closed)),
      };
    };

    const print = (r: RoundResult, label: string) =>
      process.stdout.write(
        `  ${label} ${r.kind.padEnd(4)}: ${r.frames} quotes in ${r.messages} messages (${(r.bytes / 1024).toFixed(0)} KiB), first ${fmt(r.firstMs)} ms, ` +
          `p50 ${fmt(r.p50Ms)} ms, p99 ${fmt(r.p99Ms)} ms, max ${fmt(r.maxMs)} ms, send loop ${fmt(r.syncMs)} ms` +
          (r.kind === 'app'
            ? ` (${r.yields} yields, longest slice ${fmt(r.longestSliceMs)} ms, ${r.encoded} encodes)`
            : '') +
          `, loop held ≤ ${fmt(r.holdCpuMs)} ms CPU` +
          `, server ${fmt(r.serverCpuMicrosPerFrame, 2)} µs/quote, clients ${fmt(r.clientCpuMicrosPerFrame, 2)} µs/quote; ` +
          `HTTP ${r.httpProbes} probes p50 ${fmt(r.httpP50Ms)} ms p99 ${fmt(r.httpP99Ms)} ms max ${fmt(r.httpMaxMs)} ms` +
          (r.httpErrors > 0 ? ` (${r.httpErrors} failed)` : '') +
          (r.frames !== r.expected || r.wrong + r.strays > 0
            ? ` [expected ${r.expected}, wrong ${r.wrong}, strays ${r.strays}]`
            : '') +
          '\n',
      );
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

    for (let w = 1; w <= warmup; w++) {
      for (const kind of ['app', 'bare'] as const) {
        print(await runRound(kind, -w, false), `warm-up ${w}`);
        await pause();
      }
    }
    for (let r = 1; r <= rounds; r++) {
      for (const kind of ['app', 'bare'] as const) {
        const result = await runRound(kind, r, true);
        runs.push(result);
        print(result, `round ${String(r).padStart(2)}`);
        await pause();
      }
    }

    const summarise = (kind: ServerKind): Summary => {
      const mine = runs.filter((r) => r.kind === kind);
      const all = new Float64Array(pooled[kind].reduce((sum, a) => sum + a.length, 0));
      let offset = 0;
      for (const part of pooled[kind]) {
        all.set(part, offset);
        offset += part.length;
      }
      all.sort();
      const httpAll = Float64Array.from(pooledHttp[kind]).sort();
      return {
        rounds: mine.length,
        messagesPerRound: median(mine.map((r) => r.messages)),
        http: {
          probes: httpAll.length,
          errors: mine.reduce((sum, r) => sum + r.httpErrors, 0),
          p50Ms: nearestRank(httpAll, 50),
          p99Ms: nearestRank(httpAll, 99),
          maxMs: httpAll[httpAll.length - 1] ?? Number.NaN,
        },
        framesPerRound: median(mine.map((r) => r.frames)),
        bytesPerRound: median(mine.map((r) => r.bytes)),
        p50Ms: median(mine.map((r) => r.p50Ms)),
        p99Ms: median(mine.map((r) => r.p99Ms)),
        maxMs: median(mine.map((r) => r.maxMs)),
        pooledP50Ms: nearestRank(all, 50),
        pooledP99Ms: nearestRank(all, 99),
        pooledMaxMs: all[all.length - 1] ?? Number.NaN,
        sendLoopMs: median(mine.map((r) => r.syncMs)),
        longestSliceMs: median(mine.map((r) => r.longestSliceMs)),
        holdCpuMs: median(mine.map((r) => r.holdCpuMs)),
        serverCpuMicrosPerFrame: median(mine.map((r) => r.serverCpuMicrosPerFrame)),
        clientCpuMicrosPerFrame: median(mine.map((r) => r.clientCpuMicrosPerFrame)),
        missing: mine.reduce((sum, r) => sum + (r.expected - r.frames), 0),
        wrong: mine.reduce((sum, r) => sum + r.wrong, 0),
        strays: mine.reduce((sum, r) => sum + r.strays, 0),
        closed: Math.max(0, ...mine.map((r) => r.closed)),
      };
    };
    const appSummary = summarise('app');
    const bareSummary = summarise('bare');
    const ratio = appSummary.p99Ms / bareSummary.p99Ms;
    const pooledRatio = appSummary.pooledP99Ms / bareSummary.pooledP99Ms;
    const quietSorted = Float64Array.from(quietHttp).sort();
    const quiet = {
      probes: quietSorted.length,
      errors: quietHttpErrors,
      p50Ms: nearestRank(quietSorted, 50),
      p99Ms: nearestRank(quietSorted, 99),
      maxMs: quietSorted[quietSorted.length - 1] ?? Number.NaN,
    };
    const meetsRatio = ratio <= TARGET_RATIO;
    const meetsHttp = appSummary.http.p99Ms < HTTP_TARGET_P99_MS;
    const meetsTarget = meetsRatio && meetsHttp;

    const widths = [6, 12, 10, 9, 8, 8, 8, 10, 12, 12];
    const lines = [
      row(
        [
          'server',
          'quotes/round',
          'msgs/round',
          'KiB/round',
          'p50 ms',
          'p99 ms',
          'max ms',
          'loop ms',
          'srv µs/quote',
          'cli µs/quote',
        ],
        widths,
      ),
      ...(['app', 'bare'] as const).map((kind) => {
        const s = kind === 'app' ? appSummary : bareSummary;
        return row(
          [
            kind,
            String(s.framesPerRound),
            String(s.messagesPerRound),
            (s.bytesPerRound / 1024).toFixed(0),
            fmt(s.p50Ms),
            fmt(s.p99Ms),
            fmt(s.maxMs),
            fmt(s.sendLoopMs),
            fmt(s.serverCpuMicrosPerFrame, 2),
            fmt(s.clientCpuMicrosPerFrame, 2),
          ],
          widths,
        );
      }),
    ];
    process.stdout.write(`\nmedians over ${rounds} rounds per server:\n${lines.join('\n')}\n\n`);
    process.stdout.write(
      `pooled over all measured frames: app p99 ${fmt(appSummary.pooledP99Ms)} ms, bare p99 ${fmt(bareSummary.pooledP99Ms)} ms ` +
        `(ratio ${pooledRatio.toFixed(3)})\n` +
        `ratio p99 app/bare = ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}): ${meetsRatio ? 'MET' : 'NOT MET'}\n` +
        `HTTP GET ${HEALTH_PATH} during the bursts, pooled: app p50 ${fmt(appSummary.http.p50Ms)} ms, p99 ${fmt(appSummary.http.p99Ms)} ms, ` +
        `max ${fmt(appSummary.http.maxMs)} ms (${appSummary.http.probes} probes); bare p50 ${fmt(bareSummary.http.p50Ms)} ms, ` +
        `p99 ${fmt(bareSummary.http.p99Ms)} ms, max ${fmt(bareSummary.http.maxMs)} ms (${bareSummary.http.probes} probes); ` +
        `app p99 target < ${HTTP_TARGET_P99_MS} ms: ${httpEveryMs <= 0 ? 'not measured' : meetsHttp ? 'MET' : 'NOT MET'}\n` +
        `HTTP GET ${HEALTH_PATH} on the app with no burst (300 ms before each measured app round): p50 ${fmt(quiet.p50Ms)} ms, ` +
        `p99 ${fmt(quiet.p99Ms)} ms, max ${fmt(quiet.maxMs)} ms (${quiet.probes} probes); the app's send loop held the event loop ` +
        `at most ${fmt(appSummary.longestSliceMs)} ms in one go (median over rounds, wall time)\n` +
        `longest hold of the event loop during a burst, in the server thread's CPU time (median over rounds; max): ` +
        `app ${fmt(appSummary.holdCpuMs)} ms (${fmt(Math.max(...runs.filter((r) => r.kind === 'app').map((r) => r.holdCpuMs)))}), ` +
        `bare ${fmt(bareSummary.holdCpuMs)} ms\n`,
    );

    const failures: string[] = [];
    for (const [kind, s] of [
      ['app', appSummary],
      ['bare', bareSummary],
    ] as const) {
      if (s.missing > 0) failures.push(`${kind}: ${s.missing} frames missing`);
      if (s.wrong > 0) failures.push(`${kind}: ${s.wrong} frames for the wrong client or repeated`);
      if (s.strays > 0) failures.push(`${kind}: ${s.strays} frames outside a round`);
      if (s.closed > 0) failures.push(`${kind}: ${s.closed} connections closed`);
    }
    const appRuns = runs.filter((r) => r.kind === 'app');
    const unequal = runs.filter(
      (r) => r.kind === 'bare' && appRuns.find((a) => a.round === r.round)?.quoteBytes !== r.quoteBytes,
    );
    if (unequal.length > 0)
      failures.push(`${unequal.length} bare rounds carried other quotes than the app round they replay`);
    if (appSummary.http.errors > 0) failures.push(`app: ${appSummary.http.errors} HTTP probes failed`);

    const report = {
      benchmark: 'quote-fanout',
      date: new Date().toISOString(),
      machine: machineReport('servers and client processes share the same CPUs', {
        loadAverage: true,
        openFileLimit: limit,
      }),
      settings: {
        clients: clientsTotal,
        subsPerClient: subs,
        instruments,
        rounds,
        warmupRounds: warmup,
        clientProcesses: procs,
        connectBatch: batchTotal,
        appClockStart: at.toISOString(),
        quoteHub: HUB_OPTIONS,
        httpProbeEveryMs: httpEveryMs,
      },
      clockOffsetsMs: offsets,
      app: appSummary,
      bare: bareSummary,
      ratio,
      pooledRatio,
      targetRatio: TARGET_RATIO,
      meetsRatio,
      httpTargetP99Ms: HTTP_TARGET_P99_MS,
      appHttpWithoutBurst: quiet,
      meetsHttp,
      meetsTarget,
      ok: failures.length === 0,
      failures,
      wallSeconds: (wallNow() - wallStart) / 1000,
      runs,
    };
    process.stdout.write(
      `result written to ${writeResult('quote-fanout.json', report)}; wall time ${((wallNow() - wallStart) / 1000).toFixed(0)} s\n`,
    );
    return exitCodeFor(failures);
  } finally {
    await stopAll();
  }
}

const serveKind = argOf('--serve');
if (serveKind !== undefined) {
  runChild(async () => {
    if (serveKind === 'app') {
      await serveApp({
        at: new Date(argOf('--at') ?? ''),
        instruments: Number(argOf('--instruments')),
        minutes: Number(argOf('--minutes')),
      });
    } else if (serveKind === 'bare') {
      await serveBare();
    } else {
      throw new Error(`unknown server kind ${serveKind}`);
    }
  });
} else if (process.argv.includes('--clients')) {
  runShard();
} else {
  runMain(main);
}
