// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { computeIndicators, computeSnapshot, type WorkerAnswer } from './compute';
import { ChartIndicators } from './engine';
import type { Bar } from './indicators';
import { defaultParams, indicatorKinds } from './settings';

const bars: Bar[] = Array.from({ length: 120 }, (_, i) => {
  const close = 20 + Math.sin(i / 5) * 2 + i * 0.01;
  return {
    time: 1_700_000_000 + i * 300,
    open: close - 0.1,
    high: close + 0.3,
    low: close - 0.4,
    close,
    volume: 500 + i,
  };
});

describe('the full computation off the main thread', () => {
  it('hands back a snapshot the page continues from exactly as if it had computed everything itself', () => {
    // structuredClone is what postMessage does to the snapshot on its way back.
    const snapshot = structuredClone(
      computeSnapshot({ kinds: indicatorKinds, params: defaultParams, bars: bars.slice(0, 100) }),
    );
    const continued = new ChartIndicators(indicatorKinds, defaultParams, [], snapshot);
    for (const bar of bars.slice(100)) {
      continued.apply({ ...bar, close: bar.open, high: bar.open, low: bar.open });
      continued.apply(bar);
    }
    const full = new ChartIndicators(indicatorKinds, defaultParams, bars);
    expect(continued.bars).toEqual(full.bars);
    for (const kind of indicatorKinds) expect(continued.series(kind), kind).toEqual(full.series(kind));
  });

  it('answers a request in the worker with the snapshot of that request', async () => {
    const post = vi.spyOn(self, 'postMessage').mockImplementation(() => undefined);
    await import('./indicators.worker');
    self.onmessage?.(new MessageEvent('message', { data: { id: 7, kinds: ['rsi'], params: defaultParams, bars } }));
    const answer = post.mock.calls[0]?.[0] as WorkerAnswer;
    expect(answer.id).toBe(7);
    expect(answer.snapshot).toEqual(new ChartIndicators(['rsi'], defaultParams, bars).snapshot());
    post.mockRestore();
  });

  it('computes on the main thread where there is no worker', async () => {
    expect(typeof Worker).toBe('undefined');
    const engine = await computeIndicators(['macd'], defaultParams, bars);
    expect(engine.series('macd')).toEqual(new ChartIndicators(['macd'], defaultParams, bars).series('macd'));
  });
});
