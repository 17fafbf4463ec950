/**
 * The grouped route's replay lookups go to the database together (platform/group-commit.ts
 * `Coalescer`): the requests of one turn of the event loop in one run (issue 29), those that
 * arrive while a run is in flight in the next one, each answered with its own result.
 */
import { describe, expect, it } from 'vitest';
import { Coalescer } from './group-commit.js';

/** A run that records its items and answers when `release` is called. */
function gated() {
  const runs: number[][] = [];
  const gates: (() => void)[] = [];
  const coalescer = new Coalescer<number, string>(async (items) => {
    runs.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    return items.map((i) => `answer ${i}`);
  }, 3);
  return { runs, coalescer, release: () => gates.shift()?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns: what a settled run scheduled has started. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await turn();
};

describe('Coalescer', () => {
  it('runs the requests of one turn together, the first one included', async () => {
    const { runs, coalescer, release } = gated();
    const answers = Promise.all([coalescer.get(1), coalescer.get(2)]);
    await turn();
    expect(runs).toEqual([[1, 2]]);
    release();
    expect(await answers).toEqual(['answer 1', 'answer 2']);
  });

  it('gathers what arrives during a run for the next one, at most maxBatch per run', async () => {
    const { runs, coalescer, release } = gated();
    const first = coalescer.get(1);
    await turn();
    const later = [4, 5, 6, 7].map((i) => coalescer.get(i));
    await turn();
    expect(runs).toEqual([[1]]);
    release();
    expect(await first).toBe('answer 1');
    await settle();
    expect(runs).toEqual([[1], [4, 5, 6]]);
    release();
    await settle();
    expect(runs).toEqual([[1], [4, 5, 6], [7]]);
    release();
    expect(await Promise.all(later)).toEqual(['answer 4', 'answer 5', 'answer 6', 'answer 7']);
  });

  it('rejects the requests of a failed run, thrown or rejected, and goes on with the next', async () => {
    let calls = 0;
    const coalescer = new Coalescer<number, number>((items) => {
      calls += 1;
      if (calls === 1) throw new Error('thrown');
      if (calls === 2) return Promise.reject(new Error('rejected'));
      return Promise.resolve(items.map((i) => i * 10));
    });
    const thrown = Promise.allSettled([coalescer.get(1), coalescer.get(2)]);
    expect((await thrown).map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value))).toEqual([
      'thrown',
      'thrown',
    ]);
    await expect(coalescer.get(3)).rejects.toThrow('rejected');
    expect(await Promise.all([coalescer.get(4), coalescer.get(5)])).toEqual([40, 50]);
  });
});
