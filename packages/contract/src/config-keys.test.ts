import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  configKeyDef,
  configKeys,
  currencies,
  isConfigKey,
  markets,
  parseConfigValue,
  type ConfigKey,
  type ConfigValue,
  type Currency,
  type DepositChannelConfig,
  type Market,
} from './index.js';

describe('config keys', () => {
  it('holds one key per market field, per currency family and single key, each once', () => {
    const keys = configKeys.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => k.startsWith('market.'))).toHaveLength(markets.length * 13);
    for (const family of ['deposit.limits', 'withdraw.limits', 'exchange.minAmount']) {
      expect(keys.filter((k) => k.startsWith(`${family}.`))).toEqual(currencies.map((c) => `${family}.${c}`));
    }
    expect(keys).toContain('display.serviceLink');
    expect(keys.every(isConfigKey)).toBe(true);
    expect(isConfigKey('market.nyse.timezone')).toBe(false);
  });

  it('has a default that fits its own schema, for every key', () => {
    for (const def of configKeys)
      expect({ key: def.key, ok: def.schema.safeParse(def.default).success }).toEqual({ key: def.key, ok: true });
  });

  it('types each value by its key, template keys included', () => {
    expectTypeOf<ConfigValue<'exchange.spreadRate'>>().toEqualTypeOf<string>();
    expectTypeOf<ConfigValue<'deposit.channels'>>().toEqualTypeOf<DepositChannelConfig[]>();
    expectTypeOf<ConfigValue<'currencies.enabled'>>().toEqualTypeOf<Currency[]>();
    expectTypeOf<ConfigValue<`withdraw.limits.${Currency}`>>().toEqualTypeOf<{ min: string; max: string }>();
    expectTypeOf<ConfigValue<`market.${Market}.priceLimitRate`>>().toEqualTypeOf<string | null>();
    expectTypeOf<ConfigValue<'market.usd.minHoldMinutes'>>().toEqualTypeOf<number>();
    expectTypeOf<'withdraw.limits.KRW'>().toExtend<ConfigKey>();
    expectTypeOf<'withdraw.limits.XXX'>().not.toExtend<ConfigKey>();
    expectTypeOf<'market.nyse.timezone'>().not.toExtend<ConfigKey>();
    expectTypeOf(configKeyDef('loan.initialScore').default).toEqualTypeOf<number>();
  });

  it('reads a value of /config/get with its key schema', () => {
    expect(parseConfigValue('withdraw.limits.KRW', { min: '1000', max: '5000' })).toEqual({ min: '1000', max: '5000' });
    expect(parseConfigValue('withdraw.limits.KRW', { min: '1000.5', max: '5000' })).toBeNull();
    expect(parseConfigValue('deposit.window', { open: '09:00', close: '17:00', days: [1, 2] })).toEqual({
      open: '09:00',
      close: '17:00',
      days: [1, 2],
    });
    expect(parseConfigValue('deposit.window', 'always')).toBeNull();
    expect(configKeyDef('exchange.minAmount.JPY').default).toBe('100');
  });
});
