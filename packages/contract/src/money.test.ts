import { describe, expect, it } from 'vitest';
import {
  configKeyMap,
  currencyScale,
  Dec,
  exchangeRequest,
  fieldReasonsOf,
  fitsCurrencyScale,
  formatPrice,
  Money,
  reasonErrorMap,
  roundPrice,
  roundRate,
  withdrawRequest,
} from './index.js';

describe('Money: the kernel helpers funds uses', () => {
  it('reads ledger strings exactly and writes them back at 8 places', () => {
    const m = Money.fromLedger('1234.56780000', 'MXN');
    expect(m.amount.toString()).toBe('1234.5678');
    expect(m.toLedgerString()).toBe('1234.56780000');
    expect(m.negated().toLedgerString()).toBe('-1234.56780000');
    expect(Money.fromLedger('-0.5', 'KRW').isNegative()).toBe(true);
  });

  it('converts at a rate to the target scale with the named mode', () => {
    // 0.12 MXN at 0.04412 EUR/MXN is 0.0052944 EUR: down gives 0.00, half-up would give 0.01
    expect(Money.of('0.12', 'MXN').convert('0.04412', 'EUR', 'down').toString()).toBe('0.00');
    expect(Money.of('0.12', 'MXN').convert('0.04412', 'EUR', 'half_up').toString()).toBe('0.01');
    // 0-decimal targets get whole won and yen
    const krw = Money.of('10.00', 'USD').convert('1445.36350000', 'KRW', 'down');
    expect(krw.currency).toBe('KRW');
    expect(krw.amount.toString()).toBe('14453');
    expect(krw.toString()).toBe('14453');
    expect(Money.of('1', 'USD').convert('149.999', 'JPY', 'up').toString()).toBe('150');
  });

  it('compares within one currency and refuses across currencies', () => {
    const a = Money.of('1.00', 'USD');
    const b = Money.of('1.01', 'USD');
    expect(b.isGreaterThan(a)).toBe(true);
    expect(a.isLessThan(b)).toBe(true);
    expect(a.isGreaterThan(a)).toBe(false);
    expect(Money.max(Money.of('-3', 'USD'), Money.zero('USD')).isZero()).toBe(true);
    expect(Money.of('0.01', 'USD').isPositive()).toBe(true);
    expect(Money.zero('USD').isPositive()).toBe(false);
    expect(() => a.isGreaterThan(Money.of('1', 'MXN'))).toThrow(/mismatch/);
  });

  it('knows which amounts fit a currency scale', () => {
    expect(currencyScale.KRW).toBe(0);
    expect(fitsCurrencyScale('100', 'KRW')).toBe(true);
    expect(fitsCurrencyScale('100.5', 'KRW')).toBe(false);
    expect(fitsCurrencyScale('100.50', 'USD')).toBe(true);
  });
});

describe('requests in 0-decimal currencies', () => {
  const reasons = (schema: typeof exchangeRequest | typeof withdrawRequest, value: unknown) => {
    const r = schema.safeParse(value, { error: reasonErrorMap });
    return r.success ? null : fieldReasonsOf(r.error);
  };

  it('exchange: the amount has at most the source currency scale', () => {
    expect(reasons(exchangeRequest, { from: 'KRW', to: 'USD', amount: '1500.5' })).toEqual({
      amount: 'too_many_decimals',
    });
    expect(reasons(exchangeRequest, { from: 'JPY', to: 'USD', amount: '1500' })).toBeNull();
    expect(reasons(exchangeRequest, { from: 'USD', to: 'KRW', amount: '10.25' })).toBeNull();
  });

  it('withdraw: the amount has at most the currency scale', () => {
    const body = { currency: 'KRW', fundPassword: '246810', cardId: 'c_1' };
    expect(reasons(withdrawRequest, { ...body, amount: '5000.5' })).toEqual({ amount: 'too_many_decimals' });
    expect(reasons(withdrawRequest, { ...body, amount: '5000' })).toBeNull();
  });

  it('config: the exchange minimum per currency, whole for 0-decimal currencies', () => {
    expect(configKeyMap.get('exchange.minAmount.MXN')?.default).toBe('1.00');
    expect(configKeyMap.get('exchange.minAmount.KRW')?.default).toBe('100');
    expect(configKeyMap.get('exchange.minAmount.JPY')?.schema.safeParse('100.5').success).toBe(false);
    expect(configKeyMap.get('exchange.minAmount.USD')?.schema.safeParse('0.50').success).toBe(true);
    // every currency has withdrawal limits; one without a default is closed (max 0) until an operator opens it
    expect(configKeyMap.get('withdraw.limits.KRW')?.default).toEqual({ min: '1', max: '0' });
    expect(configKeyMap.get('withdraw.limits.MXN')?.default).toEqual({ min: '500.00', max: '500000.00' });
    expect(configKeyMap.get('withdraw.limits.KRW')?.schema.safeParse({ min: '1000.5', max: '5000' }).success).toBe(
      false,
    );
  });
});

describe('Money: the kernel helpers trading and the ledger use', () => {
  it('divides unrounded, so the caller rounds once with a named mode', () => {
    const margin = Money.of('1000.05', 'USD').dividedBy(3);
    expect(margin.toLedgerString()).toBe('333.35000000');
    expect(Money.of('0.05', 'USD').dividedBy(2).rounded('half_up').toString()).toBe('0.03');
    expect(Money.of('0.05', 'USD').dividedBy(2).rounded('down').toString()).toBe('0.02');
    expect(() => Money.of('1', 'USD').dividedBy(0)).toThrow(RangeError);
  });

  it("says whether an amount fits the ledger's 8 decimals", () => {
    expect(Money.of('0.00000001', 'USD').fitsLedgerScale()).toBe(true);
    expect(Money.of('0.000000001', 'USD').fitsLedgerScale()).toBe(false);
    expect(Money.of('1', 'USD').dividedBy(3).fitsLedgerScale()).toBe(false);
  });
});

describe('prices and rates are not money', () => {
  it("formats a price at the instrument's price scale, half-up", () => {
    expect(formatPrice(new Dec('64000.125'), 2)).toBe('64000.13');
    expect(formatPrice(new Dec('1.5'), 4)).toBe('1.5000');
  });

  it('rounds a price in the named direction', () => {
    expect(roundPrice(new Dec('99.129'), 2, 'down').toString()).toBe('99.12');
    expect(roundPrice(new Dec('99.121'), 2, 'up').toString()).toBe('99.13');
    expect(roundPrice(new Dec('99.125'), 2, 'half_up').toString()).toBe('99.13');
  });

  it('rounds a rate to 8 decimals in the named direction', () => {
    expect(roundRate(new Dec('17.123456789'), 'down').toString()).toBe('17.12345678');
    expect(roundRate(new Dec('17.123456785'), 'half_up').toString()).toBe('17.12345679');
  });
});
