/**
 * For tests of issue 18 ("no request holds the event loop"): how long the loop was held while
 * `work` ran, seen by a 2 ms timer: the longest wall-clock gap between two runs of it, and the
 * most CPU time this thread spent between two runs. On a machine shared with other work the
 * wall gap also counts time the OS gave other processes; the CPU time of this thread between two
 * turns is what the loop itself was held for (Linux: /proc/thread-self/schedstat, in ns;
 * elsewhere the process's CPU time, which also counts the garbage collector's helper threads).
 */
import { existsSync, readFileSync } from 'node:fs';

export async function loopHeld<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const schedstat = '/proc/thread-self/schedstat';
  const cpuNow = existsSync(schedstat)
    ? () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6
    : () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) / 1000;
      };
  let last = performance.now();
  let lastCpu = cpuNow();
  let wallMs = 0;
  let cpuMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = cpuNow();
    wallMs = Math.max(wallMs, now - last);
    cpuMs = Math.max(cpuMs, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 2);
  try {
    const value = await work();
    tick();
    return { value, wallMs, cpuMs };
  } finally {
    clearInterval(timer);
  }
}
