import { currencyScale, currencies } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { exchangePreview } from './exchange';
import {
  caretAfter,
  formatAmount,
  formatCardNumberInput,
  formatSignedAmount,
  formatWeekdays,
  isPositiveAmount,
  localiseAmountInput,
  sanitiseAmountInput,
  scaleOf,
  toWireAmount,
} from './format';
import { bodyKey, newRequestId, RequestIdKeeper } from './request-id';

describe('the currency scales of the money screens', () => {
  it('are the contract table (0 decimals for JPY, KRW, VND; 2 for the others)', () => {
    for (const currency of currencies) expect(scaleOf(currency)).toBe(currencyScale[currency]);
    expect(scaleOf('KRW')).toBe(0);
    expect(scaleOf('XXX')).toBe(2);
  });
});

describe('formatAmount and formatSignedAmount', () => {
  it('show the currency scale with the symbol or suffix', () => {
    expect(formatAmount('1250.5', 'MXN')).toBe('Mex$1,250.50');
    expect(formatAmount('10', 'USDT')).toBe('10.00 USDT');
    expect(formatAmount('1452.6', 'KRW')).toBe('1,453 KRW');
    expect(formatAmount('-342.55', 'USD')).toBe('-$342.55');
  });

  it('sign a positive movement and leave zero unsigned', () => {
    expect(formatSignedAmount('5000.00', 'MXN')).toBe('+Mex$5,000.00');
    expect(formatSignedAmount('-342.55', 'USD')).toBe('-$342.55');
    expect(formatSignedAmount('0.00', 'EUR')).toBe('0.00 EUR');
  });
});

describe('sanitiseAmountInput', () => {
  it('keeps digits and one point, at most the scale in decimals', () => {
    expect(sanitiseAmountInput('1234.567', 2)).toBe('1234.56');
    expect(sanitiseAmountInput('12a3', 2)).toBe('123');
    expect(sanitiseAmountInput('1.2.3', 2)).toBe('1.23');
    expect(sanitiseAmountInput('-5', 2)).toBe('5');
  });

  it('reads a comma as the decimal point (German and Spanish keypads)', () => {
    expect(sanitiseAmountInput('40,5', 2)).toBe('40.5');
  });

  it('reads the last mark of a pasted number with both as the point, the other as grouping', () => {
    expect(sanitiseAmountInput('1.234,56', 2)).toBe('1234.56');
    expect(sanitiseAmountInput('1,234.56', 2)).toBe('1234.56');
    expect(sanitiseAmountInput('1.234.567,8', 2)).toBe('1234567.8');
    expect(sanitiseAmountInput('1,234,567.8', 2)).toBe('1234567.8');
    expect(sanitiseAmountInput('1 234,5', 2)).toBe('1234.5');
  });

  it('drops leading zeros but keeps "0." while typing, and drops decimals for 0-scale currencies', () => {
    expect(sanitiseAmountInput('007', 2)).toBe('7');
    expect(sanitiseAmountInput('0.', 2)).toBe('0.');
    expect(sanitiseAmountInput('.5', 2)).toBe('0.5');
    expect(sanitiseAmountInput('1452.7', 0)).toBe('1452');
  });

  it('stops at 15 integer digits (the wire limit)', () => {
    expect(sanitiseAmountInput('12345678901234567', 2)).toBe('123456789012345');
  });
});

describe('localiseAmountInput', () => {
  it("shows a typed amount's point as the language's decimal mark, without grouping", () => {
    expect(localiseAmountInput('1234.5', 'de')).toBe('1234,5');
    expect(localiseAmountInput('1234.5', 'es')).toBe('1234,5');
    expect(localiseAmountInput('0.', 'de')).toBe('0,');
    expect(localiseAmountInput('1234.5', 'en')).toBe('1234.5');
    expect(localiseAmountInput('1234.5', 'zh-Hant')).toBe('1234.5');
    expect(localiseAmountInput('1234.5', 'ko')).toBe('1234.5');
    expect(localiseAmountInput('', 'de')).toBe('');
  });

  it('reads back what it shows', () => {
    for (const typed of ['0.5', '61.', '1234.56', '7']) {
      expect(sanitiseAmountInput(localiseAmountInput(typed, 'de'), 8)).toBe(typed);
    }
  });
});

describe('toWireAmount and isPositiveAmount', () => {
  it('turn what was typed into a decimal string', () => {
    expect(toWireAmount('100.')).toBe('100');
    expect(toWireAmount('0.5')).toBe('0.5');
    expect(toWireAmount('')).toBe('');
    expect(toWireAmount('.')).toBe('');
  });

  it('accepts only amounts above zero', () => {
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('-1')).toBe(false);
    expect(isPositiveAmount('abc')).toBe(false);
  });
});

describe('card numbers while typing', () => {
  it('group by four, upper-case letters and drop anything else', () => {
    expect(formatCardNumberInput('4152313412345678')).toBe('4152 3134 1234 5678');
    expect(formatCardNumberInput('012-180-001234567891')).toBe('0121 8000 1234 5678 91');
    expect(formatCardNumberInput('es91 2100 0418')).toBe('ES91 2100 0418');
    expect(formatCardNumberInput('4152 ')).toBe('4152');
  });

  it('stop at 34 characters (IBAN)', () => {
    expect(formatCardNumberInput('1'.repeat(40)).replace(/ /g, '')).toHaveLength(34);
  });

  it('put the caret after the same number of characters', () => {
    expect(caretAfter('4152 3134 1', 5)).toBe(6);
    expect(caretAfter('4152 3134 1', 4)).toBe(4);
    expect(caretAfter('4152', 0)).toBe(0);
    expect(caretAfter('4152', 9)).toBe(4);
  });
});

describe('formatWeekdays', () => {
  it('joins runs and lists the rest, and says nothing for every day', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5], 'en')).toBe('Mon–Fri');
    expect(formatWeekdays([1, 3], 'en')).toBe('Mon, Wed');
    expect(formatWeekdays([6, 7], 'en')).toBe('Sat, Sun');
    expect(formatWeekdays([1, 2, 3, 4, 5, 6, 7], 'en')).toBe('');
    expect(formatWeekdays([1, 2, 3, 4, 5], 'de')).toMatch(/^Mo\.?–Fr\.?$/);
  });
});

describe('exchangePreview', () => {
  it('multiplies exactly and rounds down to the target scale, like the server (docs/api.md §1.11)', () => {
    // 40 × 17.92345678 = 716.9382712: down to 716.93 (half-up would say 716.94)
    expect(exchangePreview('40.00', '17.92345678', 'USD', 'MXN')).toBe('716.93');
    // 0.1 × 3 is 0.30000000000000004 in binary floating point
    expect(exchangePreview('0.1', '3', 'MXN', 'USD')).toBe('0.30');
    // half a cent and more is still not a cent
    expect(exchangePreview('1', '0.125', 'EUR', 'USD')).toBe('0.12');
    expect(exchangePreview('0.12', '0.04412', 'MXN', 'EUR')).toBe('0.00');
    // whole won and yen
    expect(exchangePreview('10.25', '1452.10000000', 'USD', 'KRW')).toBe('14884');
    expect(exchangePreview('999999999999999.99', '19.85000000', 'USD', 'MXN')).toBe('19849999999999999.80');
  });

  it('has no answer until the amount is a number', () => {
    expect(exchangePreview('', '17.9', 'USD', 'MXN')).toBeNull();
    expect(exchangePreview('1e3', '17.9', 'USD', 'MXN')).toBeNull();
  });
});

describe('request ids', () => {
  it('are UUIDs', () => {
    expect(newRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('compare bodies without regard to key order', () => {
    expect(bodyKey({ b: 1, a: '2' })).toBe(bodyKey({ a: '2', b: 1 }));
    expect(bodyKey({ a: '2' })).not.toBe(bodyKey({ a: '3' }));
  });

  it('are kept for the same body until settled, and renewed for another body', () => {
    let n = 0;
    const keeper = new RequestIdKeeper(() => `id-${(n += 1)}`);
    expect(keeper.idFor({ amount: '10' })).toBe('id-1');
    expect(keeper.idFor({ amount: '10' })).toBe('id-1');
    expect(keeper.idFor({ amount: '11' })).toBe('id-2');
    keeper.settle();
    expect(keeper.idFor({ amount: '11' })).toBe('id-3');
  });
});
