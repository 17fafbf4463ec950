import type { Candle } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { applyTickToCandle, applyTickToPoint, candleVolume, toChartNumber, toChartTime } from './chart-data';

const colours = { up: 'U', down: 'D', line: 'L', avg: 'A', volumeUp: 'VU', volumeDown: 'VD' };
const bar: Candle = {
  t: '2025-03-14T15:30:00Z',
  o: '16.30',
  h: '16.50',
  l: '16.21',
  c: '16.42',
  v: '1000',
  turnover: '16420.00',
};

describe('chart data', () => {
  it('converts times to whole UTC seconds and prices to numbers only for drawing', () => {
    expect(toChartTime('2025-03-14T15:30:00.750Z')).toBe(1741966200);
    expect(toChartNumber('16.42')).toBe(16.42);
  });

  it('colours a volume bar by the direction of its candle', () => {
    expect(candleVolume(bar, colours).color).toBe('VU');
    expect(candleVolume({ ...bar, c: '16.29' }, colours).color).toBe('VD');
  });

  it('moves the close, high and low of the current 5-minute bar with a tick', () => {
    expect(applyTickToCandle(bar, '16.55', '2025-03-14T15:32:00Z', '5m')).toMatchObject({
      t: bar.t,
      o: '16.30',
      h: '16.55',
      l: '16.21',
      c: '16.55',
    });
    expect(applyTickToCandle(bar, '16.10', '2025-03-14T15:34:59Z', '5m')).toMatchObject({
      h: '16.50',
      l: '16.10',
      c: '16.10',
    });
  });

  it('starts a new intraday bar once the tick is past the bar end', () => {
    expect(applyTickToCandle(bar, '16.60', '2025-03-14T15:36:10Z', '5m')).toEqual({
      t: '2025-03-14T15:35:00.000Z',
      o: '16.60',
      h: '16.60',
      l: '16.60',
      c: '16.60',
      v: '0',
      turnover: '0',
    });
  });

  it('only updates day bars and ignores ticks older than the last bar', () => {
    const day: Candle = { ...bar, t: '2025-03-14T00:00:00Z' };
    expect(applyTickToCandle(day, '17.00', '2025-03-16T15:00:00Z', '1d')).toMatchObject({
      t: day.t,
      c: '17.00',
      h: '17.00',
    });
    expect(applyTickToCandle(bar, '17.00', '2025-03-14T15:29:00Z', '5m')).toBeNull();
  });

  it('adds a time-share point per new minute, carrying the average', () => {
    const point = { t: '2025-03-14T15:30:00Z', price: '16.41', avgPrice: '16.38', v: '12000' };
    expect(applyTickToPoint(point, '16.44', '2025-03-14T15:30:30Z')).toEqual({ ...point, price: '16.44' });
    expect(applyTickToPoint(point, '16.45', '2025-03-14T15:31:02Z')).toEqual({
      t: '2025-03-14T15:31:00.000Z',
      price: '16.45',
      avgPrice: '16.38',
      v: '0',
    });
  });
});
