/** The text of a push (docs/api.md §22.4): the app's catalogue, in the subscription's language. */
import { messageCodes } from '@brokerage/contract';
import { codeMessages } from '@brokerage/i18n';
import { describe, expect, it } from 'vitest';
import { formatDecimal, PAYLOAD_MAX_BYTES, renderPush } from './push.render.js';

const alert = {
  id: 'nt_abc',
  code: 'message.alert.price_above',
  params: { code: 'AAPL', name: 'Apple Inc.', value: '1234.50', price: '1240.00' },
};

describe('renderPush', () => {
  it('writes the message in each language from the same texts as the app', () => {
    const de = renderPush(alert, 'de');
    expect(de.title).toBe('AAPL hat Ihren Alarm erreicht');
    expect(de.body).toContain('1.240,00');
    expect(de.body).toContain('1.234,50');
    const zh = renderPush(alert, 'zh');
    expect(zh.title).toBe(codeMessages.zh['message.alert.price_above.title']!.replace('{code}', 'AAPL'));
    expect(zh.body).toContain('1,240.00');
    expect(renderPush(alert, 'en').title).toBe('AAPL reached your alert');
    expect(de).toMatchObject({ url: '/information/msgInfo?id=nt_abc', tag: 'alert:AAPL' });
  });

  it('leaves no placeholder unfilled for any catalogued message, in any language', () => {
    for (const code of messageCodes) {
      if (code === 'message.legacy') continue;
      const text = `${codeMessages.en[`${code}.title`] ?? ''} ${codeMessages.en[`${code}.body`] ?? ''}`;
      const params = Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, '1']));
      for (const lang of ['en', 'de', 'zh', 'esp', 'kor'] as const) {
        const payload = renderPush({ id: 'nt_x', code, params }, lang);
        expect(`${payload.title} ${payload.body}`, `${code} ${lang}`).not.toMatch(/\{\w+\}/);
        expect(payload.title.length, `${code} ${lang}`).toBeGreaterThan(0);
      }
    }
  });

  it("names a product in the subscription's language when the message carries its names", () => {
    const matched = {
      id: 'nt_lend',
      code: 'message.lending.failed',
      params: {
        product: 'MXN 30-day lending',
        'product.de': 'MXN-Verleihung 30 Tage',
        'product.zh': 'MXN 30 天出借',
        amount: '10000.00',
        currency: 'MXN',
      },
    };
    expect(renderPush(matched, 'de').body).toMatch(/^MXN-Verleihung 30 Tage: /);
    expect(renderPush(matched, 'zh').body).toMatch(/^MXN 30 天出借/);
    expect(renderPush(matched, 'en').body).toMatch(/^MXN 30-day lending: /);
    // no Korean name was written: the English one
    expect(renderPush(matched, 'kor').body).toMatch(/^MXN 30-day lending/);
    // one name only: the other languages' texts are not params of the message
    const others = {
      en: /Verleihung|出借/,
      de: /出借/,
      zh: /Verleihung/,
      esp: /Verleihung|出借/,
      kor: /Verleihung|出借/,
    };
    for (const [lang, other] of Object.entries(others))
      expect(renderPush(matched, lang as keyof typeof others).body, lang).not.toMatch(other);
  });

  it('keeps the payload under its limit by shortening the body', () => {
    const long = renderPush(
      { id: 'nt_long', code: 'message.kyc.rejected', params: { reason: '長'.repeat(3000) } },
      'zh',
    );
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThanOrEqual(PAYLOAD_MAX_BYTES);
    expect(long.body.endsWith('…')).toBe(true);
  });
});

describe('formatDecimal', () => {
  it('groups and separates as the language does, keeping every digit', () => {
    expect(formatDecimal('1234567.125', 'de')).toBe('1.234.567,125');
    expect(formatDecimal('-1234.5', 'en')).toBe('-1,234.5');
    expect(formatDecimal('99999999999999999.01', 'en')).toBe('99,999,999,999,999,999.01');
    expect(formatDecimal('12', 'esp')).toBe('12');
    expect(formatDecimal('1234.5', 'esp')).toBe('1234,5');
    expect(formatDecimal('12345.5', 'esp')).toBe('12.345,5');
  });
});
