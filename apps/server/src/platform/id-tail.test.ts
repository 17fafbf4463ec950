import { describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { IdTail, rowSource } from './id-tail.js';

/** An in-memory table whose rows become visible in any order, as commits do. */
function table() {
  const visible = new Map<bigint, string>();
  let handedOut = 0n;
  const source = rowSource<{ id: bigint; v: string }>({
    newest: async () => handedOut,
    after: async (_db, afterId, limit) =>
      [...visible.entries()]
        .filter(([id]) => id > afterId)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .slice(0, limit)
        .map(([id, v]) => ({ id, v })),
    withIds: async (_db, ids) => ids.filter((id) => visible.has(id)).map((id) => ({ id, v: visible.get(id)! })),
    idOf: (row) => row.id,
  });
  return {
    source,
    take: () => (handedOut += 1n),
    commit: (id: bigint, v: string) => visible.set(id, v),
  };
}

const db = {} as Db;

describe('IdTail', () => {
  it('hands out a row committed late behind a larger id, once, and gives a hole up after its wait', async () => {
    const t = table();
    let clock = 0;
    const tail = new IdTail(t.source, { batch: 2, gapTimeoutMs: 1000, now: () => clock });
    await tail.start(db);
    const [a, b, c, d] = [t.take(), t.take(), t.take(), t.take()];
    t.commit(b, 'b');
    t.commit(d, 'd');
    expect((await tail.poll(db)).map((r) => r.v)).toEqual(['b', 'd']);
    expect(tail.state()).toEqual({ high: d, holes: 2 });
    t.commit(a, 'a');
    clock = 500;
    expect((await tail.poll(db)).map((r) => r.v)).toEqual(['a']);
    expect(await tail.poll(db)).toEqual([]);
    clock = 1500; // c never commits (rolled back): given up
    expect(await tail.poll(db)).toEqual([]);
    expect(tail.state()).toEqual({ high: d, holes: 0 });
    t.commit(c, 'c-too-late');
    expect(await tail.poll(db)).toEqual([]);
  });

  it('starts from a saved position close enough, else lookback ids below the newest', async () => {
    const t = table();
    for (let i = 0; i < 10; i++) t.commit(t.take(), `r${i + 1}`);
    const near = new IdTail(t.source, { maxReplay: 5 });
    await near.start(db, 7n);
    expect((await near.poll(db)).map((r) => r.v)).toEqual(['r8', 'r9', 'r10']);
    const far = new IdTail(t.source, { maxReplay: 5, lookback: 2 });
    await far.start(db, 1n);
    expect((await far.poll(db)).map((r) => r.v)).toEqual(['r9', 'r10']);
    expect(far.position).toBe(10n);
  });
});
