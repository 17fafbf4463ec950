/**
 * The processes of a benchmark. The file run by hand coordinates: it forks itself (`--serve …`,
 * `--clients`) for each server under test and each load shard, so that the load generator and
 * the server under test do not share an event loop. Every child answers each request with
 * exactly one message, in order, and understands `cpu` (its CPU time so far) and `stop` (close
 * and exit) besides its own requests.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';

type Message = { type: string };

/** Requests every child understands. */
export type CommonRequest = { type: 'cpu' } | { type: 'stop' };

/** Replies any child may send: its CPU time, or the failure of a request (or of its start). */
export type CommonReply = { type: 'cpu'; micros: number; systemMicros?: number } | { type: 'error'; message: string };

export interface ForkOptions {
  /** Names the child in error messages, e.g. `app server`. */
  label: string;
  env?: NodeJS.ProcessEnv;
  /** `advanced` (structured clone) lets typed arrays cross; the default is JSON. */
  serialization?: 'json' | 'advanced';
  /** How long `stop` waits for the child to close before it kills it (default 10 s). */
  stopTimeoutMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Coordinator side
// ---------------------------------------------------------------------------------------------

/** A forked child seen from the coordinator: requests of type `Request`, replies of type `Reply`. */
export class Child<Request extends Message, Reply extends Message> {
  private readonly waiting: Array<(message: Reply | CommonReply) => void> = [];
  private exited = false;

  private constructor(
    readonly label: string,
    private readonly child: ChildProcess,
    private readonly stopTimeoutMs: number,
  ) {
    child.on('message', (raw: unknown) => this.waiting.shift()?.(raw as Reply | CommonReply));
    child.on('exit', (code, signal) => {
      this.exited = true;
      for (const next of this.waiting.splice(0))
        next({ type: 'error', message: `${label} exited (${String(signal ?? code)})` });
    });
  }

  /** Forks `file` with `args`; the child runs under this process's `execArgv` (tsx) and prints to our stdout and stderr. */
  static fork<Request extends Message, Reply extends Message>(
    file: string,
    args: string[],
    options: ForkOptions,
  ): Child<Request, Reply> {
    const child = fork(file, args, {
      env: options.env ?? process.env,
      execArgv: process.execArgv,
      serialization: options.serialization ?? 'json',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Child<Request, Reply>(options.label, child, options.stopTimeoutMs ?? 10_000);
  }

  private next(): Promise<Reply | CommonReply> {
    if (this.exited) return Promise.resolve({ type: 'error', message: `${this.label} is not running` });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private expect(message: Reply | CommonReply, type: string, failure: string): Message {
    if (message.type === type) return message;
    const detail = message.type === 'error' ? (message as { message: string }).message : `unexpected ${message.type}`;
    throw new Error(`${failure}: ${detail}`);
  }

  /** The child's first message, which must be of `type` (its "ready" with the port and the like). */
  async ready<T extends Reply['type']>(type: T): Promise<Extract<Reply, { type: T }>> {
    return this.expect(await this.next(), type, `${this.label} failed to start`) as Extract<Reply, { type: T }>;
  }

  /** Sends `message` and waits for the answer, which must be of `type`. */
  async call<T extends Reply['type']>(message: Request | CommonRequest, type: T): Promise<Extract<Reply, { type: T }>> {
    const answer = this.next();
    this.child.send(message);
    return this.expect(await answer, type, this.label) as Extract<Reply, { type: T }>;
  }

  /** CPU time (user + system) the child has used so far, in microseconds. */
  async cpuMicros(): Promise<number> {
    return (await this.cpuTimes()).micros;
  }

  /** CPU time the child has used so far, in microseconds: in all (user + system), and the system (kernel) part. */
  async cpuTimes(): Promise<{ micros: number; systemMicros: number }> {
    const answer = this.next();
    this.child.send({ type: 'cpu' } satisfies CommonRequest);
    const reply = this.expect(await answer, 'cpu', this.label) as Extract<CommonReply, { type: 'cpu' }>;
    return { micros: reply.micros, systemMicros: reply.systemMicros ?? Number.NaN };
  }

  /** Asks the child to close and waits for it to exit; kills it when it takes longer than the stop timeout. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'stop' } satisfies CommonRequest);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), this.stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Child side
// ---------------------------------------------------------------------------------------------

/** Sends `message` to the coordinator. */
export function reply<M extends Message>(message: M): void {
  process.send?.(message);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** CPU time (user + system) this process has used so far, in microseconds. */
export function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** The port a server listens on (from `server.address()`). */
export function portOf(address: string | AddressInfo | null): number {
  if (address && typeof address === 'object') return address.port;
  throw new Error(`unexpected listen address ${String(address)}`);
}

/**
 * Answers the coordinator from now on: `cpu` with this process's CPU time; `stop` by running
 * `close`, then exiting (1 when `close` failed); every other request goes to `other`.
 */
export function answerCoordinator<Request extends Message>(
  close: () => Promise<void>,
  other?: (message: Request) => void,
): void {
  process.on('message', (raw: unknown) => {
    const message = raw as Request | CommonRequest;
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      reply<CommonReply>({ type: 'cpu', micros: usage.user + usage.system, systemMicros: usage.system });
    } else if (message.type === 'stop') {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    } else {
      other?.(message as Request);
    }
  });
}

/** Starts a child; a failure goes to the coordinator as an `error` (the answer it waits for) and ends the process. */
export function runChild(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    reply<CommonReply>({ type: 'error', message: errorText(error) });
    process.exit(1);
  });
}

/** Runs the coordinator and exits with the code `main` returns (1, with the reason, when it throws). */
export function runMain(main: () => Promise<number> | number): void {
  Promise.resolve()
    .then(main)
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`benchmark failed: ${errorText(error)}\n`);
        process.exit(1);
      },
    );
}

/** The word after `name` on the command line (`--serve app` → `app`), or undefined. */
export function argOf(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
