/**
 * Candles cost the simulator real work: each caller has a budget of cold computation, daily
 * periods costing more (issue 18); a chart the caches answer costs nothing (a person flipping
 * through charts, a carrier NAT's many people on one address).
 */
import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../test/harness.js';

const t = useTestApp({ perCaller: { points: 1000, durationSec: 1 } }, undefined, { engine: false });

/** Stocks, in the universe's order: each test takes instruments no other test touched. */
function stocks(): string[] {
  return t.deps.feed
    .instruments()
    .filter((def) => def.assetClass === 'stock')
    .map((def) => def.instrumentId);
}

const chart = (instrumentId: string, period: string, address: string) =>
  post(t.app, '/market/candles', { instrumentId, period, limit: 10 }, {}, address);

describe('the candles budget (issue 18)', () => {
  it('refuses a caller past 12 cold daily-period charts a minute with 429; another caller is unaffected', async () => {
    const cold = stocks().slice(0, 14);
    expect(cold).toHaveLength(14);
    const answers = [];
    for (const [i, id] of cold.entries()) answers.push(await chart(id, i % 2 ? '1M' : '1d', '10.8.0.1'));
    expect(answers.slice(0, 12).map((a) => a.http)).toEqual(Array<number>(12).fill(200));
    expect(answers[12]?.http).toBe(429);
    expect(answers[12]?.body.code).toBe('request.too_frequent');
    expect(answers[13]?.http).toBe(429);
    // another address has its own budget: the chart refused above is computed for it
    expect((await chart(cold[12]!, '1d', '10.8.0.2')).http).toBe(200);
    // the refused caller still gets what the caches answer (the charts it was served, the one just computed)
    expect((await chart(cold[0]!, '1d', '10.8.0.1')).http).toBe(200);
    expect((await chart(cold[12]!, '1d', '10.8.0.1')).http).toBe(200);
    // and still nothing cold
    expect((await chart(cold[13]!, '1d', '10.8.0.1')).http).toBe(429);
  });

  it('serves a person flipping through 12 cached daily charts, 3 times over, within a minute', async () => {
    const ids = stocks().slice(20, 32);
    expect(ids).toHaveLength(12);
    // someone opened them before: the simulator's caches hold them
    for (const id of ids) t.deps.feed.candles(id, '1d', { limit: 10 });
    const answers = [];
    for (let round = 0; round < 3; round += 1) for (const id of ids) answers.push(await chart(id, '1d', '10.8.0.4'));
    expect(answers.map((a) => a.http)).toEqual(Array<number>(36).fill(200));
    // the budget is untouched: 12 cold daily charts are still there for this caller
    const cold = stocks().slice(40, 53);
    const coldAnswers = [];
    for (const id of cold) coldAnswers.push((await chart(id, '1d', '10.8.0.4')).http);
    expect(coldAnswers).toEqual([...Array<number>(12).fill(200), 429]);
  });

  it('counts a cold intraday chart one point: 60 a minute', async () => {
    const ids = stocks().slice(54, 115);
    expect(ids).toHaveLength(61);
    const answers = [];
    // a day long past: no chart or quote has built its minutes
    for (const id of ids)
      answers.push(
        (
          await post(
            t.app,
            '/market/candles',
            { instrumentId: id, period: '5m', limit: 10, to: '2023-03-15T20:00:00.000Z' },
            {},
            '10.8.0.3',
          )
        ).http,
      );
    expect(answers).toEqual([...Array<number>(60).fill(200), 429]);
  });
});
