import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  direction,
  formatAmount,
  formatChange,
  formatChangeRate,
  formatCompact,
  formatCompactMoney,
  formatClock,
  formatDate,
  formatDateMinutes,
  formatDay,
  formatMoney,
  formatPercent,
  formatPrice,
  formatSignedAmount,
  rateDirection,
  roundDecimalString,
  shiftDecimal,
} from './format';
import { rootFontSize } from './viewport';

describe('formatMoney', () => {
  it('groups thousands and shows 0 decimals by default', () => {
    expect(formatMoney('1234567.89')).toBe('1,234,568');
    expect(formatMoney('999')).toBe('999');
    expect(formatMoney('1000')).toBe('1,000');
  });

  it('shows 0.00 for empty input', () => {
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('  ', 'MXN')).toBe('Mex$0.00');
  });

  it('rounds half-up on the decimal string, however many digits it has', () => {
    expect(formatMoney('2.5')).toBe('3');
    expect(formatMoney('2.4999999999999999999')).toBe('2');
    expect(formatMoney('0.005', undefined, 2)).toBe('0.01');
    expect(formatMoney('1.005', undefined, 2)).toBe('1.01');
    expect(formatMoney('123456789012345678901234.56789', undefined, 4)).toBe('123,456,789,012,345,678,901,234.5679');
    expect(formatMoney('99999999999999999.995', undefined, 2)).toBe('100,000,000,000,000,000.00');
    expect(formatMoney('12.3', undefined, 3)).toBe('12.300');
  });

  it('keeps the sign of negative amounts and rounds them away from zero', () => {
    expect(formatMoney('-1234.5')).toBe('-1,235');
    expect(formatMoney('-0.4')).toBe('0');
    expect(formatMoney('-1234.567', 'MXN', 2)).toBe('-Mex$1,234.57');
    expect(formatMoney('-5', 'USDT')).toBe('-5 USDT');
  });

  it('uses Mex$ for MXN, $ for USD and the USDT suffix', () => {
    expect(formatMoney('125430.50', 'MXN', 2)).toBe('Mex$125,430.50');
    expect(formatMoney('1500', 'USD')).toBe('$1,500');
    expect(formatMoney('10.5', 'USDT', 2)).toBe('10.50 USDT');
    expect(formatMoney('10', 'EUR')).toBe('10 EUR');
  });

  it('returns text that is not a number unchanged', () => {
    expect(formatMoney('abc')).toBe('abc');
    expect(roundDecimalString('1.2.3', 2)).toBeNull();
  });
});

describe('formatDate', () => {
  const iso = '2025-03-14T15:30:05Z';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, mo, day, h, mi, se] = [
    String(d.getFullYear()),
    pad(d.getMonth() + 1),
    pad(d.getDate()),
    pad(d.getHours()),
    pad(d.getMinutes()),
    pad(d.getSeconds()),
  ];

  it("writes a local date and time in each language's conventions", () => {
    expect(formatDate(iso, 'de')).toBe(`${day}.${mo}.${y}, ${h}:${mi}:${se}`);
    expect(formatDate(iso, 'ko')).toBe(`${y}. ${mo}. ${day}. ${h}:${mi}:${se}`);
    // CLDR may put a thin space between a Chinese date and time
    expect(formatDate(iso, 'zh-Hant').replace(/\s/gu, ' ')).toBe(`${y}/${mo}/${day} ${h}:${mi}:${se}`);
    expect(formatDate(iso, 'en')).toBe(`${mo}/${day}/${y}, ${h}:${mi}:${se}`);
    expect(formatDate(iso, 'es')).toBe(`${day}/${mo}/${y}, ${h}:${mi}:${se}`);
  });

  it("follows the document's language when none is given", () => {
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'de';
      expect(formatDate(iso)).toBe(`${day}.${mo}.${y}, ${h}:${mi}:${se}`);
      expect(formatDateMinutes(iso)).toBe(`${day}.${mo}.${y}, ${h}:${mi}`);
      expect(formatClock(iso)).toBe(`${h}:${mi}:${se}`);
      document.documentElement.lang = 'ko';
      expect(formatDateMinutes(iso)).toBe(`${y}. ${mo}. ${day}. ${h}:${mi}`);
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('is empty for a missing or invalid time', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatClock('bad')).toBe('');
  });
});

describe('rootFontSize', () => {
  it('is 200/750 of the viewport width, capped at 750 px', () => {
    expect(rootFontSize(390)).toBe(104);
    expect(rootFontSize(750)).toBe(200);
    expect(rootFontSize(1920)).toBe(200);
  });
});

describe('market figures', () => {
  describe('formatPrice', () => {
    it('keeps the decimals the server quoted and groups thousands', () => {
      expect(formatPrice('16.42')).toBe('16.42');
      expect(formatPrice('64210.5')).toBe('64,210.5');
      expect(formatPrice('1.08345')).toBe('1.08345');
    });

    it('rounds half-up to the instrument scale when one is given', () => {
      expect(formatPrice('16.425', 2)).toBe('16.43');
      expect(formatPrice('5210.1', 2)).toBe('5,210.10');
      expect(formatPrice('0.123456789', 8)).toBe('0.12345679');
    });

    it('shows "--" for a missing price', () => {
      expect(formatPrice(null)).toBe('--');
      expect(formatPrice('')).toBe('--');
    });
  });

  describe('formatChange and formatChangeRate', () => {
    it('sign the change: + for up, - for down, nothing for flat', () => {
      expect(formatChange('0.12')).toBe('+0.12');
      expect(formatChange('-0.12')).toBe('-0.12');
      expect(formatChange('0.00')).toBe('0.00');
      expect(formatChange('-1234.5', 2)).toBe('-1,234.50');
    });

    it('turn a rate into a signed percentage with 2 decimals', () => {
      expect(formatChangeRate('0.0074')).toBe('+0.74%');
      expect(formatChangeRate('-0.0123')).toBe('-1.23%');
      expect(formatChangeRate('0')).toBe('0.00%');
      expect(formatChangeRate('0.12345')).toBe('+12.35%');
      expect(formatChangeRate('1.5')).toBe('+150.00%');
    });

    it('do not show a sign when the rate rounds to zero', () => {
      expect(formatChangeRate('0.00001')).toBe('0.00%');
      expect(formatChangeRate('-0.00004')).toBe('0.00%');
    });

    it('formats a plain ratio as a percentage', () => {
      expect(formatPercent('0.3120')).toBe('31.20%');
      expect(formatPercent(null)).toBe('--');
    });
  });

  describe('formatCompact', () => {
    it('shortens volumes and turnovers with 2 decimals in English', () => {
      expect(formatCompact('18234500')).toBe('18.23M');
      expect(formatCompact('299438190.00')).toBe('299.44M');
      expect(formatCompact('1003000000000.00')).toBe('1.00T');
      expect(formatCompact('2500000000')).toBe('2.50B');
      expect(formatCompact('12345')).toBe('12.35K');
    });

    it('shows numbers under 10,000 in full', () => {
      expect(formatCompact('9999')).toBe('9,999');
      expect(formatCompact('0.5')).toBe('0.5');
      expect(formatCompact('12.3456')).toBe('12.35');
      expect(formatCompact('0')).toBe('0');
    });

    it('uses the units of each language', () => {
      expect(formatCompact('18234500', 'de')).toBe('18,23 Mio.');
      expect(formatCompact('18234500', 'esp')).toBe('18,23 M');
      expect(formatCompact('18234500', 'zh')).toBe('1,823.45萬');
      expect(formatCompact('18234500', 'kor')).toBe('1,823.45만');
      expect(formatCompact('61100000000', 'zh')).toBe('611.00億');
      expect(formatCompact('61100000000', 'de')).toBe('61,10 Mrd.');
    });

    it('accepts whole numbers (share counts) and keeps the sign', () => {
      expect(formatCompact(61100000000)).toBe('61.10B');
      expect(formatCompact('-18234500')).toBe('-18.23M');
      expect(formatCompact(null)).toBe('--');
    });

    it('adds the currency symbol to compact money', () => {
      expect(formatCompactMoney('299438190.00', 'MXN')).toBe('Mex$299.44M');
      expect(formatCompactMoney('1200', 'USDT')).toBe('1,200 USDT');
      expect(formatCompactMoney('1003000000000.00', 'USD', 'de')).toBe('$1,00 Bio.');
    });
  });

  describe('decimal helpers', () => {
    it('move the decimal point exactly', () => {
      expect(shiftDecimal('0.0074', 2)).toBe('0.74');
      expect(shiftDecimal('18234500', -6)).toBe('18.234500');
      expect(shiftDecimal('-1.5', 3)).toBe('-1500');
      expect(shiftDecimal('12', -4)).toBe('0.0012');
      expect(shiftDecimal('x', 2)).toBeNull();
    });

    it('compare decimal strings without floats', () => {
      expect(compareDecimal('16.42', '16.420')).toBe(0);
      expect(compareDecimal('16.43', '16.42')).toBe(1);
      expect(compareDecimal('-0.01', '0')).toBe(-1);
      expect(compareDecimal('9007199254740993.01', '9007199254740993.001')).toBe(1);
    });

    it('tell the direction of a change', () => {
      expect(direction('0.12')).toBe('up');
      expect(direction('-0.0001')).toBe('down');
      expect(direction('0.000')).toBe('flat');
      expect(direction('-0')).toBe('flat');
      expect(direction(undefined)).toBe('flat');
    });
  });

  it('dates news to the minute in local time', () => {
    const iso = '2025-03-14T15:30:05Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateMinutes(iso, 'de')).toBe(
      `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`,
    );
    expect(formatDateMinutes('bad')).toBe('');
  });
});

describe('numbers in the language of the user (issue 16 item 7)', () => {
  it("formats money with each language's separators", () => {
    expect(formatMoney('1234.56', undefined, 2, 'de')).toBe('1.234,56');
    expect(formatMoney('1234.56', undefined, 2, 'en')).toBe('1,234.56');
    expect(formatMoney('1234.56', undefined, 2, 'zh-Hant')).toBe('1,234.56');
    expect(formatMoney('1234.56', undefined, 2, 'ko')).toBe('1,234.56');
    // Spanish amounts are always grouped (as banks print them), also with four digits, so columns read alike.
    expect(formatMoney('1234.56', undefined, 2, 'es')).toBe('1.234,56');
    expect(formatMoney('12345.67', undefined, 2, 'es')).toBe('12.345,67');
    expect(formatMoney('1234567.891', undefined, 2, 'de')).toBe('1.234.567,89');
  });

  it('keeps every digit of amounts beyond 2^53, in every language', () => {
    const huge = '123456789012345678901.99'; // 2^53 is about 9.007e15
    expect(formatMoney(huge, undefined, 2, 'en')).toBe('123,456,789,012,345,678,901.99');
    expect(formatMoney(huge, undefined, 2, 'de')).toBe('123.456.789.012.345.678.901,99');
    expect(formatMoney(huge, undefined, 2, 'es')).toBe('123.456.789.012.345.678.901,99');
    expect(formatMoney(huge, undefined, 2, 'zh-Hant')).toBe('123,456,789,012,345,678,901.99');
    expect(formatMoney(huge, undefined, 2, 'ko')).toBe('123,456,789,012,345,678,901.99');
    expect(formatMoney('9007199254740993.05', 'MXN', 2, 'de')).toBe('Mex$9.007.199.254.740.993,05');
    expect(formatMoney('99999999999999999.995', undefined, 2, 'de')).toBe('100.000.000.000.000.000,00');
  });

  it('keeps the sign of negatives and rounds them half away from zero', () => {
    expect(formatMoney('-1234.565', 'USD', 2, 'de')).toBe('-$1.234,57');
    expect(formatMoney('-1234.565', 'USD', 2, 'en')).toBe('-$1,234.57');
    expect(formatMoney('-98765.4', 'USDT', 2, 'es')).toBe('-98.765,40 USDT');
    expect(formatMoney('-1234.5', undefined, 0, 'ko')).toBe('-1,235');
    expect(formatMoney('-0.004', undefined, 2, 'de')).toBe('0,00');
    expect(formatSignedAmount('1250.5', 'MXN', 'de')).toBe('+Mex$1.250,50');
    expect(formatSignedAmount('-0.001', 'MXN', 'de')).toBe('Mex$0,00');
  });

  it('shows 0,00 for empty input in German and Spanish', () => {
    expect(formatMoney('', undefined, 0, 'de')).toBe('0,00');
    expect(formatAmount(null, 'MXN', 'es')).toBe('Mex$0,00');
  });

  it('formats prices, changes and rates in the language', () => {
    expect(formatPrice('16234.5', undefined, 'de')).toBe('16.234,5');
    expect(formatPrice('16234.5', 2, 'es')).toBe('16.234,50');
    expect(formatChange('0.12', 2, 'de')).toBe('+0,12');
    expect(formatChange('0.004', 2, 'de')).toBe('0,00');
    expect(formatPercent('0.3120', 2, 'de')).toBe('31,20\u00a0%');
    expect(formatChangeRate('0.0074', 'es')).toBe('+0,74\u00a0%');
    expect(formatChangeRate('-0.0123', 'zh-Hant')).toBe('-1.23%');
    expect(formatChangeRate('0.00004', 'de')).toBe('0,00\u00a0%');
    expect(rateDirection('0.00004')).toBe('flat');
    expect(rateDirection('-0.0123')).toBe('down');
    expect(formatCompact('18234500', 'de')).toBe('18,23 Mio.');
    expect(formatCompact('18234500', 'zh')).toBe('1,823.45萬');
    expect(formatCompactMoney('299440000', 'MXN', 'esp')).toBe('Mex$299,44 M');
  });

  it('follows the document language when no locale is given', () => {
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'de';
      expect(formatAmount('1234.5', 'MXN')).toBe('Mex$1.234,50');
      document.documentElement.lang = 'ko';
      expect(formatAmount('1234.5', 'MXN')).toBe('Mex$1,234.50');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it("shows calendar days in the language's conventions, whatever the time zone", () => {
    expect(formatDay('2026-03-09', 'de')).toBe('09.03.2026');
    expect(formatDay('2026-03-09', 'ko')).toBe('2026. 03. 09.');
    expect(formatDay('2026-03-09', 'zh-Hant')).toBe('2026/03/09');
    expect(formatDay('2026-03-09', 'en')).toBe('03/09/2026');
    expect(formatDay('2026-13-45', 'de')).toBe('2026-13-45');
    expect(formatDay(null)).toBe('--');
  });
});
