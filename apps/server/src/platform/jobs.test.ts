/** The job runner (platform/jobs.ts): interval, no overlap, stop, errors reported, leader-only jobs. */
import { describe, expect, it } from 'vitest';
import { advisoryLeaderLock, JobRunner, type LeaderLock } from './jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('JobRunner', () => {
  it('runs each job every interval, never two passes of one job at once, and reports the duration', async () => {
    const runner = new JobRunner();
    let passes = 0;
    let inside = 0;
    let overlap = false;
    const timings: boolean[] = [];
    runner.add({
      name: 'count',
      intervalMs: 10,
      run: async () => {
        inside += 1;
        if (inside > 1) overlap = true;
        passes += 1;
        await sleep(25);
        inside -= 1;
      },
      onRun: (durationMs, ok) => timings.push(durationMs >= 0 && ok),
    });
    expect(passes).toBe(0);
    runner.start();
    await waitFor(() => passes >= 3);
    await runner.stop();
    expect(overlap).toBe(false);
    expect(timings.length).toBeGreaterThanOrEqual(2);
    expect(timings.every(Boolean)).toBe(true);
  });

  it('waits for a running pass on stop and runs nothing after', async () => {
    const runner = new JobRunner();
    let passes = 0;
    let finished = 0;
    runner.add({
      name: 'slow',
      intervalMs: 5,
      run: async () => {
        passes += 1;
        await sleep(40);
        finished += 1;
      },
    });
    runner.start();
    await waitFor(() => passes === 1);
    await runner.stop();
    expect(finished).toBe(1);
    const after = passes;
    await sleep(40);
    expect(passes).toBe(after);
  });

  it('reports a failed pass with the job name, tells the metric, and keeps running', async () => {
    const logged: [string, unknown][] = [];
    const runner = new JobRunner({ onError: (job, error) => logged.push([job, error]) });
    const seen: unknown[] = [];
    const oks: boolean[] = [];
    let passes = 0;
    runner.add({
      name: 'flaky',
      intervalMs: 5,
      run: async () => {
        passes += 1;
        if (passes === 1) throw new Error('boom');
      },
      onError: (error) => seen.push(error),
      onRun: (_ms, ok) => oks.push(ok),
    });
    runner.start();
    await waitFor(() => passes >= 3);
    await runner.stop();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toBe('flaky');
    expect((logged[0]?.[1] as Error).message).toBe('boom');
    expect(seen).toHaveLength(1);
    expect(oks[0]).toBe(false);
    expect(oks.slice(1).every(Boolean)).toBe(true);
  });

  it('runs a leader-only job only while the lock is held, tells it of changes, and releases the lock on stop', async () => {
    let held = false;
    let released = 0;
    const lock: LeaderLock = {
      acquire: async () => held,
      release: async () => {
        released += 1;
      },
    };
    const runner = new JobRunner({ lock });
    let leaderPasses = 0;
    let everyPasses = 0;
    const changes: boolean[] = [];
    runner.add({
      name: 'leader',
      intervalMs: 5,
      leaderOnly: true,
      run: async () => {
        leaderPasses += 1;
      },
      onLeadership: (leader) => changes.push(leader),
    });
    runner.add({
      name: 'everyone',
      intervalMs: 5,
      run: async () => {
        everyPasses += 1;
      },
    });
    runner.start();
    await waitFor(() => everyPasses >= 5);
    expect(leaderPasses).toBe(0);
    expect(runner.isLeader()).toBe(false);
    held = true;
    await waitFor(() => leaderPasses >= 2);
    expect(runner.isLeader()).toBe(true);
    held = false;
    await waitFor(() => !runner.isLeader());
    const stillLed = leaderPasses;
    await sleep(30);
    expect(leaderPasses).toBe(stillLed);
    await runner.stop();
    expect(changes).toEqual([true, false]);
    expect(released).toBe(1);
  });

  it('treats a failed lock check as not leading and reports it', async () => {
    const logged: string[] = [];
    const lock: LeaderLock = {
      acquire: async () => {
        throw new Error('lock connection lost');
      },
      release: async () => undefined,
    };
    const runner = new JobRunner({ lock, onError: (job) => logged.push(job) });
    let passes = 0;
    runner.add({
      name: 'engine',
      intervalMs: 5,
      leaderOnly: true,
      run: async () => {
        passes += 1;
      },
    });
    runner.start();
    await waitFor(() => logged.length >= 2);
    await runner.stop();
    expect(passes).toBe(0);
    expect(runner.isLeader()).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'leads with every leader-only job on one connection, and hands over when stopped (PostgreSQL)',
    async () => {
      const url = process.env.DATABASE_URL ?? '';
      const key = String(7_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
      const runner = (lock: LeaderLock) => {
        const r = new JobRunner({ lock });
        for (const name of ['engine', 'alerts'])
          r.add({ name, intervalMs: 60_000, leaderOnly: true, run: async () => undefined });
        return r;
      };
      const a = runner(advisoryLeaderLock(url, key));
      const b = runner(advisoryLeaderLock(url, key));
      try {
        // both jobs ask for the lock at the same moment, as they do at start
        await Promise.all([a.runOnce('engine'), a.runOnce('alerts')]);
        for (const name of ['engine', 'alerts', 'engine']) {
          await a.runOnce(name);
          expect(a.isLeader(), `a after ${name}`).toBe(true);
        }
        await Promise.all([b.runOnce('engine'), b.runOnce('alerts')]);
        expect(b.isLeader()).toBe(false);
        await a.stop();
        await b.runOnce('alerts');
        expect(b.isLeader()).toBe(true);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
  );
});
