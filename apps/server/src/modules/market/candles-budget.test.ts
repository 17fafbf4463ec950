/** Candles cost the simulator real work: each caller has a budget, daily periods costing more (issue 18). */
import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../test/harness.js';

const t = useTestApp({ perCaller: { points: 1000, durationSec: 1 } }, undefined, { engine: false });

describe('the candles budget (issue 18)', () => {
  it('refuses an anonymous caller past 12 daily-period requests a minute with 429; another caller is unaffected', async () => {
    const id = t.deps.feed.instruments()[0]!.instrumentId;
    const answers = [];
    for (let i = 0; i < 14; i += 1)
      answers.push(
        await post(
          t.app,
          '/market/candles',
          { instrumentId: id, period: i % 2 ? '1M' : '1d', limit: 10 },
          {},
          '10.8.0.1',
        ),
      );
    expect(answers.slice(0, 12).every((a) => a.http === 200)).toBe(true);
    expect(answers[12]?.http).toBe(429);
    expect(
      (await post(t.app, '/market/candles', { instrumentId: id, period: '1d', limit: 10 }, {}, '10.8.0.2')).http,
    ).toBe(200);
    // intraday periods cost one point each
    const intraday = [];
    for (let i = 0; i < 40; i += 1)
      intraday.push(
        await post(t.app, '/market/candles', { instrumentId: id, period: '5m', limit: 10 }, {}, '10.8.0.3'),
      );
    expect(intraday.every((a) => a.http === 200)).toBe(true);
  });
});
