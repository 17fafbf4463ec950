import { messages } from '@brokerage/i18n';
import { describe, expect, it } from 'vitest';
import { chartPriceFormatter } from './PriceChart';
import { adjustApplies, chartViews } from './InstrumentDetail';
import { industryKey, industryLabel } from './QuoteParts';

function translator(language: 'en' | 'de' | 'zh') {
  const dictionary = messages[language];
  return { t: (key: string) => dictionary[key] ?? key, exists: (key: string) => key in dictionary };
}

describe('industry names', () => {
  it('have a key made from the English name', () => {
    expect(industryKey('Consumer goods')).toBe('ui.industry.consumer_goods');
    expect(industryKey(' Health care ')).toBe('ui.industry.health_care');
  });

  it('show in the user language, falling back to the feed text', () => {
    expect(industryLabel(translator('de'), 'Automotive')).toBe('Automobil');
    expect(industryLabel(translator('zh'), 'Telecommunications')).toBe('電信');
    expect(industryLabel(translator('de'), 'Space tourism')).toBe('Space tourism');
    expect(industryLabel(translator('en'), null)).toBe('--');
  });
});

describe('the chart price labels', () => {
  it('use the headline format: thousands separators and the instrument decimals', () => {
    expect(chartPriceFormatter(2)(38905.66)).toBe('38,905.66');
    expect(chartPriceFormatter(2)(473.7)).toBe('473.70');
    expect(chartPriceFormatter(4)(1.08123)).toBe('1.0812');
    expect(chartPriceFormatter(2)(Number.NaN)).toBe('');
  });
});

describe('the industries of the simulated market', () => {
  it('each have a translation in every language', async () => {
    // Test-only import: the web app never bundles the simulator, but its universe names the industries the feed sends.
    const { universe } = await import('@brokerage/market-sim/universe');
    const industries = [
      ...new Set(universe.map((def) => def.industry).filter((name): name is string => typeof name === 'string')),
    ];
    expect(industries.length).toBeGreaterThan(10);
    const missing = (['en', 'de', 'zh', 'esp', 'kor'] as const).flatMap((language) =>
      industries.filter((name) => !(industryKey(name) in messages[language])).map((name) => `${language}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the chart selector (issue 16 item 5)', () => {
  it('holds every period and every range in one list, each once', () => {
    const keys = chartViews.map((v) => (v.kind === 'period' ? v.period : `range:${v.range}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      'time_share',
      '5m',
      '15m',
      '30m',
      '1d',
      '1w',
      '1M',
      'range:1W',
      'range:1M',
      'range:3M',
      'range:6M',
      'range:1Y',
    ]);
  });

  it('offers adjustment for day, week, month and range bars of a stock, never intraday or for an index', () => {
    expect(adjustApplies({ kind: 'period', period: 'time_share' }, false)).toBe(false);
    expect(adjustApplies({ kind: 'period', period: '30m' }, false)).toBe(false);
    expect(adjustApplies({ kind: 'period', period: '1d' }, false)).toBe(true);
    expect(adjustApplies({ kind: 'period', period: '1M' }, false)).toBe(true);
    expect(adjustApplies({ kind: 'range', range: '3M' }, false)).toBe(true);
    expect(adjustApplies({ kind: 'range', range: '1Y' }, true)).toBe(false);
    expect(adjustApplies({ kind: 'period', period: '1w' }, true)).toBe(false);
  });
});
