// @vitest-environment jsdom
import { messages } from '@brokerage/i18n';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { formatAmount } from '../lib/format';
import { failureMessage, formatMoneyParam, messageText, successMessage, type Translator } from './messages';

function translatorFor(language: 'en' | 'de' | 'esp'): Translator {
  const i18n = createI18n(language, messages);
  return { t: (key, params) => i18n.t(key, params ?? {}), exists: (key) => i18n.exists(key) };
}

describe('the toast for a rejection', () => {
  const en = translatorFor('en');

  it('translates the code with its money params formatted as money', () => {
    expect(
      failureMessage(en, {
        code: 'withdraw.below_min',
        msg: 'Minimum withdrawal is 500.00 MXN.',
        params: { min: '500.00', currency: 'MXN' },
      }),
    ).toBe('Minimum withdrawal is Mex$500.00.');
    expect(
      failureMessage(en, { code: 'loan.quota_insufficient', params: { available: '12500.50', currency: 'USD' } }),
    ).toBe('Loan quota insufficient ($12,500.50 available).');
    expect(failureMessage(en, { code: 'order.below_opening_amount', params: { min: '1000', currency: 'USDT' } })).toBe(
      'Minimum opening amount is 1,000.00 USDT.',
    );
  });

  it('shows a time window as the time range', () => {
    expect(failureMessage(en, { code: 'withdraw.outside_window', params: { open: '09:30', close: '24:00' } })).toBe(
      'Withdrawals are accepted on business days 09:30–24:00.',
    );
  });

  it('uses the chosen language', () => {
    const de = translatorFor('de');
    const text = failureMessage(de, {
      code: 'withdraw.below_min',
      msg: 'Minimum withdrawal is 500.00 MXN.',
      params: { min: '500.00', currency: 'MXN' },
    });
    // the currency's scale, in the document's separators: the same text as the money screens
    expect(text).toContain(formatAmount('500.00', 'MXN'));
    expect(text).not.toContain('Minimum withdrawal');
  });

  it('falls back to the server msg for an unknown code, then to the error word', () => {
    expect(failureMessage(en, { code: 'future.code', msg: 'Something new happened.', params: {} })).toBe(
      'Something new happened.',
    );
    expect(failureMessage(en, { code: 'future.code', msg: '', params: {} })).toBe('Error');
    expect(failureMessage(translatorFor('de'), {})).toBe(translatorFor('de').t('error.word'));
  });

  it('names the first invalid field of request.invalid', () => {
    expect(
      failureMessage(en, { code: 'request.invalid', params: { fields: { phone: 'format', password: 'too_short' } } }),
    ).toBe('Phone number: Invalid format');
  });

  it('names the fields of the money screens too', () => {
    expect(failureMessage(en, { code: 'request.invalid', params: { fields: { idNumber: 'format' } } })).toBe(
      'ID number: Invalid format',
    );
    expect(
      failureMessage(en, { code: 'request.invalid', params: { fields: { proofImageId: 'unknown_upload' } } }),
    ).toBe('Proof of payment: Upload not found, please upload again');
    expect(
      failureMessage(translatorFor('de'), { code: 'request.invalid', params: { fields: { cardNumber: 'too_short' } } }),
    ).toMatch(/^Kartennummer: /);
  });
});

describe('the toast for a success', () => {
  it('translates result keys and ignores the rest', () => {
    const en = translatorFor('en');
    expect(successMessage(en, 'result.login.ok')).toBe('Logged in successfully.');
    expect(successMessage(en, 'list.empty')).toBeNull();
    expect(successMessage(en, undefined)).toBeNull();
  });
});

describe('a personal message', () => {
  it('writes money exactly as the screens do (formatAmount, the currency scale)', () => {
    const notice = {
      title: 'Deposit approved',
      content: '…',
      code: 'message.deposit.approved',
      params: { orderNo: 'D1', amount: '500000', currency: 'MXN' },
    };
    const body = messageText(translatorFor('en'), notice, 'en').body;
    expect(body).toContain(formatAmount('500000', 'MXN', 'en'));
    expect(body).toContain('Mex$500,000.00');
    expect(body).not.toContain('MXN');
    expect(formatMoneyParam('1234.5', 'USD')).toBe(formatAmount('1234.5', 'USD'));
    expect(formatMoneyParam('1234', undefined)).toBe('1,234');
  });

  it('is its code translated with the money params formatted, interest included', () => {
    const notice = {
      title: 'Lending completed',
      content: '…',
      code: 'message.lending.completed',
      params: { product: 'MXN 30-day', amount: '12345.00', interest: '137.03', currency: 'MXN' },
    };
    expect(messageText(translatorFor('en'), notice, 'en')).toEqual({
      title: 'Lending completed',
      body: 'MXN 30-day: Mex$12,345.00 and interest of Mex$137.03 credited to your available balance.',
    });
    expect(messageText(translatorFor('esp'), notice, 'esp').title).toBe('Préstamo de valores completado');
  });

  it("names a product in the reader's language when the message carries its names, else in English", () => {
    const notice = {
      title: 'Lending completed',
      content: '…',
      code: 'message.lending.completed',
      params: {
        product: 'MXN 30-day lending',
        'product.de': 'MXN-Verleihung 30 Tage',
        'product.zh': 'MXN 30 天出借',
        amount: '12345.00',
        interest: '137.03',
        currency: 'MXN',
      },
    };
    // (numbers in the document's language, which this test leaves English)
    expect(messageText(translatorFor('de'), notice, 'de').body).toBe(
      'MXN-Verleihung 30 Tage: Mex$12,345.00 und Zinsen von Mex$137.03 wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
    );
    expect(messageText(translatorFor('en'), notice, 'en').body).toBe(
      'MXN 30-day lending: Mex$12,345.00 and interest of Mex$137.03 credited to your available balance.',
    );
    // no Spanish name written: the English one
    expect(messageText(translatorFor('esp'), notice, 'esp').body).toMatch(/^MXN 30-day lending: /);
    // a copy fund's end, and a message sent before names were carried
    const ended = {
      title: 'Copy trade ended',
      content: '…',
      code: 'message.copy.ended',
      params: { product: 'Steady Growth', 'product.de': 'Stetiges Wachstum', payout: '100.00', currency: 'USD' },
    };
    expect(messageText(translatorFor('de'), ended, 'de').body).toMatch(/^Stetiges Wachstum ist beendet: /);
    const { 'product.de': _dropped, ...before } = ended.params;
    expect(messageText(translatorFor('de'), { ...ended, params: before }, 'de').body).toMatch(
      /^Steady Growth ist beendet: /,
    );
  });

  it("takes no other language's text for a param that is not a product name", () => {
    // a reason is the operator's own words: a "reason.de" key, if any, is not read
    const notice = {
      title: 'Deposit rejected',
      content: '…',
      code: 'message.deposit.rejected',
      params: { orderNo: 'D1', amount: '5', currency: 'MXN', reason: 'Blurry', 'reason.de': 'Unscharf' },
    };
    expect(messageText(translatorFor('de'), notice, 'de').body).toContain('Blurry');
    expect(messageText(translatorFor('de'), notice, 'de').body).not.toContain('Unscharf');
  });

  it('falls back to the English title and content when the code is unknown or absent', () => {
    expect(
      messageText(translatorFor('de'), { title: 'T', content: 'C', code: 'message.unknown', params: {} }, 'de'),
    ).toEqual({ title: 'T', body: 'C' });
    expect(messageText(translatorFor('de'), { title: 'T', content: 'C', code: null, params: null }, 'de')).toEqual({
      title: 'T',
      body: 'C',
    });
  });
});
