import { describe, expect, it } from 'vitest';
import type { ConfigItem } from '@brokerage/contract';
import { configGroupOf, groupConfig, parseJsonValue } from './group-config';

function item(key: string): ConfigItem {
  return { key, value: null, updatedAt: null, updatedBy: null };
}

describe('grouping config keys', () => {
  it('puts market keys under their market and other keys under their first segment', () => {
    expect(configGroupOf('market.mxn.sessions')).toBe('market.mxn');
    expect(configGroupOf('withdraw.limits.MXN')).toBe('withdraw');
    expect(configGroupOf('funds.timezone')).toBe('funds');
  });

  it('orders markets first and keeps the server order inside a group', () => {
    const groups = groupConfig([
      item('display.title'),
      item('withdraw.window'),
      item('market.usd.timezone'),
      item('withdraw.limits.MXN'),
      item('market.mxn.timezone'),
      item('zeta.flag'),
      item('alpha.flag'),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['market.mxn', 'market.usd', 'withdraw', 'display', 'alpha', 'zeta']);
    expect(groups.find((g) => g.name === 'withdraw')?.items.map((i) => i.key)).toEqual([
      'withdraw.window',
      'withdraw.limits.MXN',
    ]);
  });

  it('keeps only keys containing the filter, case-insensitively', () => {
    const groups = groupConfig(
      [item('market.mxn.buyFeeRate'), item('withdraw.feeRate'), item('funds.timezone')],
      'FEERATE',
    );
    expect(groups.flatMap((g) => g.items.map((i) => i.key))).toEqual(['market.mxn.buyFeeRate', 'withdraw.feeRate']);
  });
});

describe('reading the JSON editor', () => {
  it('accepts any JSON value, including null and strings', () => {
    expect(parseJsonValue('{"open":"09:30","close":"24:00","days":[1,2]}')).toEqual({
      ok: true,
      value: { open: '09:30', close: '24:00', days: [1, 2] },
    });
    expect(parseJsonValue('null')).toEqual({ ok: true, value: null });
    expect(parseJsonValue('"0.0015"')).toEqual({ ok: true, value: '0.0015' });
  });

  it('refuses empty text and broken JSON', () => {
    expect(parseJsonValue('  ').ok).toBe(false);
    expect(parseJsonValue('{open: 1}').ok).toBe(false);
  });
});
