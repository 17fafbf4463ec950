import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/errors.js';
import { SlicedWork } from './sliced-work.js';

/** `n` steps of about `stepMs` each, then `value`. */
function* busy<T>(n: number, stepMs: number, value: T, log?: string[], name?: string): Generator<void, T, void> {
  for (let i = 0; i < n; i += 1) {
    const until = performance.now() + stepMs;
    while (performance.now() < until) {
      /* work */
    }
    if (log && name) log.push(name);
    yield;
  }
  return value;
}

describe('sliced work', () => {
  it('answers a short job in its first slice and spreads a long one over turns of the loop', async () => {
    const roomy = new SlicedWork({ sliceMs: 200 });
    expect(await roomy.run(busy(2, 0, 'quick'))).toBe('quick');
    expect(roomy.stats()).toMatchObject({ jobs: 1, sliced: 0, slices: 1 });
    const work = new SlicedWork({ sliceMs: 5 });
    let turns = 0;
    const ticker = setInterval(() => {
      turns += 1;
    }, 0);
    expect(await work.run(busy(40, 1, 'long'))).toBe('long');
    clearInterval(ticker);
    expect(work.stats().sliced).toBe(1);
    expect(work.stats().slices).toBeGreaterThanOrEqual(8);
    // timers ran between the slices
    expect(turns).toBeGreaterThan(2);
  });

  it('takes waiting jobs in turn, refuses past its queue bound with 429, and passes errors on', async () => {
    const work = new SlicedWork({ sliceMs: 1, maxJobs: 2 });
    const log: string[] = [];
    const a = work.run(busy(6, 1.2, 'a', log, 'a'));
    const b = work.run(busy(6, 1.2, 'b', log, 'b'));
    await expect(work.run(busy(1, 0, 'c'))).rejects.toMatchObject({ code: 'request.too_frequent' });
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    // interleaved, not one after the other
    expect(log.join('')).not.toBe('aaaaaabbbbbb');
    expect(work.stats().refused).toBe(1);
    const failing = (function* () {
      yield;
      throw new DomainError('product.not_found');
    })();
    await expect(work.run(failing)).rejects.toMatchObject({ code: 'product.not_found' });
  });

  it('drops a waiting job whose caller went away', async () => {
    const work = new SlicedWork({ sliceMs: 1 });
    const gone = new AbortController();
    let steps = 0;
    const job = work.run(
      (function* () {
        for (;;) {
          const until = performance.now() + 2;
          while (performance.now() < until) {
            /* work */
          }
          steps += 1;
          yield;
        }
      })(),
      gone.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    gone.abort(new Error('client gone'));
    await expect(job).rejects.toThrow('client gone');
    const after = steps;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toBe(after);
    expect(work.stats().abandoned).toBe(1);
  });
});
