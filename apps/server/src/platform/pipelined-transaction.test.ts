/**
 * `pipelinedTransaction` (platform/db.ts): statements sent together go out in the order they were
 * started, the commit goes behind the last ones, a failure anywhere rolls all of it back, and
 * what it costs in round trips. On PGlite it is a plain transaction and must answer the same.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db.js';
import { pipelinedTransaction, rowsOf, transaction, type Database, type Tx } from './db.js';

const onPostgres = Boolean(process.env.DATABASE_URL?.trim());

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table pipe_probe (id int primary key, note text not null)`);
});

afterAll(async () => {
  await database.close();
});

const insert = async (tx: Tx, id: number, note: string): Promise<void> => {
  await tx.execute(sql`insert into pipe_probe (id, note) values (${id}, ${note})`);
};
const notes = async (tx: Tx | Database['db']): Promise<string[]> =>
  rowsOf<{ note: string }>(await tx.execute(sql`select note from pipe_probe order by id`)).map((r) => r.note);

describe('pipelinedTransaction', () => {
  it('runs statements started together in the order they were started, and commits behind the last', async () => {
    const seen = await pipelinedTransaction(database.db, async (tx, commit) => {
      const [, , read] = await Promise.all([insert(tx, 1, 'a'), insert(tx, 2, 'b'), notes(tx)]);
      await Promise.all([insert(tx, 3, 'c'), commit()]);
      return read;
    });
    // the read was sent after both inserts, so it sees them
    expect(seen).toEqual(['a', 'b']);
    expect(await notes(database.db)).toEqual(['a', 'b', 'c']);
  });

  it('a failing statement rolls back what was sent before and after it, and the commit behind it rejects', async () => {
    const before = await notes(database.db);
    let outcomes: PromiseSettledResult<unknown>[] = [];
    await expect(
      pipelinedTransaction(database.db, async (tx, commit) => {
        outcomes = await Promise.allSettled([
          insert(tx, 10, 'x'),
          insert(tx, 1, 'duplicate key'),
          insert(tx, 11, 'y'),
          commit(),
        ]);
        const failed = outcomes.find((o) => o.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
      }),
    ).rejects.toThrow();
    expect(await notes(database.db)).toEqual(before);
    expect(outcomes.map((o) => o.status).slice(0, 2)).toEqual(['fulfilled', 'rejected']);
    // PostgreSQL answers the COMMIT of a failed transaction with ROLLBACK: commit() must not say committed
    if (onPostgres) expect(outcomes[3]?.status).toBe('rejected');
  });

  it('a throw in the work rolls back, and the connection serves the next transaction', async () => {
    const before = await notes(database.db);
    await expect(
      pipelinedTransaction(database.db, async (tx) => {
        await insert(tx, 20, 'z');
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await notes(database.db)).toEqual(before);
    await pipelinedTransaction(database.db, async (tx, commit) => {
      await Promise.all([insert(tx, 21, 'after'), commit()]);
    });
    expect(await notes(database.db)).toContain('after');
  });

  it('a transaction that does not call commit commits when its work returns', async () => {
    await pipelinedTransaction(database.db, async (tx) => insert(tx, 30, 'implicit'));
    expect(await notes(database.db)).toContain('implicit');
  });

  it.runIf(onPostgres)(
    'costs two round trips for a read phase and a write phase, whatever the statements',
    async () => {
      const trips = database.roundTripCount;
      const statements = database.statementCount;
      if (!trips || !statements) throw new Error('PostgreSQL counts round trips');
      // warm the pipelined pool's connection, so its opening is not counted
      await pipelinedTransaction(database.db, async (tx) => notes(tx));
      const t0 = trips() ?? 0;
      const s0 = statements() ?? 0;
      await pipelinedTransaction(database.db, async (tx, commit) => {
        await Promise.all([notes(tx), notes(tx)]);
        await Promise.all([insert(tx, 40, 'p'), insert(tx, 41, 'q'), insert(tx, 42, 'r'), commit()]);
      });
      // begin + 2 reads, then 3 inserts + commit
      expect((statements() ?? 0) - s0).toBe(7);
      expect((trips() ?? 0) - t0).toBe(2);
    },
  );

  it.runIf(onPostgres)('writes each round trip to the socket in one system call', async () => {
    await pipelinedTransaction(database.db, async (tx) => notes(tx));
    const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const original = { write: proto._write, writev: proto._writev };
    let writes = 0;
    proto._write = function counted(this: net.Socket, ...args: unknown[]) {
      writes += 1;
      return original.write.apply(this, args);
    };
    proto._writev = function counted(this: net.Socket, ...args: unknown[]) {
      writes += 1;
      return original.writev.apply(this, args);
    };
    try {
      await pipelinedTransaction(database.db, async (tx, commit) => {
        await Promise.all([notes(tx), notes(tx)]);
        await Promise.all([insert(tx, 50, 's'), insert(tx, 51, 't'), commit()]);
      });
    } finally {
      proto._write = original.write;
      proto._writev = original.writev;
    }
    // begin and the two reads in one write, the inserts and the commit in another
    expect(writes).toBe(2);
  });

  it("answers a raw statement on the pool and on a pipelined connection as drizzle's execute does, every type parsed alike", async () => {
    const probe = sql`select timestamptz '2026-03-03 16:00:00.123+00' as at, timestamp '2026-03-03 16:00:00' as local_at,
      date '2026-03-03' as day, interval '1 day 2 hours' as span, 12.50::numeric(30, 8) as amount, 7::int as n,
      9007199254740993::bigint as big, true as flag, '{"b": [1, "x"], "a": null}'::jsonb as doc, null::text as nothing,
      array[timestamptz '2026-03-03 16:00:00+00'] as ats, array[1, 2]::int[] as ns, ${'a parameter'}::text as param`;
    // drizzle's own path: a transaction's handle
    const reference = await transaction(database.db, async (tx) =>
      rowsOf<Record<string, unknown>>(await tx.execute(probe)),
    );
    const onPool = rowsOf<Record<string, unknown>>(await database.db.execute(probe));
    const piped = await pipelinedTransaction(database.db, async (tx) =>
      rowsOf<Record<string, unknown>>(await tx.execute(probe)),
    );
    expect(onPool).toEqual(reference);
    expect(piped).toEqual(reference);
    expect(reference[0]?.param).toBe('a parameter');
  });

  it.runIf(onPostgres)('sends a raw statement when it is first awaited, and only once', async () => {
    const statements = database.statementCount;
    if (!statements) throw new Error('PostgreSQL counts statements');
    await pipelinedTransaction(database.db, async (tx) => notes(tx));
    const counted = await pipelinedTransaction(database.db, async (tx) => {
      const s0 = statements() ?? 0;
      const query = tx.execute(sql`select note from pipe_probe where id = ${1}`);
      const unsent = (statements() ?? 0) - s0;
      const first = rowsOf<{ note: string }>(await query);
      const second = rowsOf<{ note: string }>(await query);
      return { unsent, sent: (statements() ?? 0) - s0, first, second };
    });
    expect(counted).toEqual({ unsent: 0, sent: 1, first: [{ note: 'a' }], second: [{ note: 'a' }] });
  });

  it.runIf(onPostgres)('prepares a statement its connection has seen before, and keeps answering with it', async () => {
    const readBack = async (tx: Tx, id: number): Promise<string[]> =>
      rowsOf<{ note: string }>(await tx.execute(sql`select note from pipe_probe where id = ${id}`)).map((r) => r.note);
    const answers: string[][] = [];
    for (const id of [1, 2, 3]) answers.push(await pipelinedTransaction(database.db, async (tx) => readBack(tx, id)));
    expect(answers).toEqual([['a'], ['b'], ['c']]);
    const prepared = await pipelinedTransaction(database.db, async (tx) =>
      rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements`)).map(
        (r) => r.statement,
      ),
    );
    expect(prepared.some((text) => text.startsWith('select note from pipe_probe where id = $1'))).toBe(true);
  });
});
