import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  canTransition,
  codeCatalogue,
  englishMessage,
  fieldReasonsOf,
  kycTransitions,
  Money,
  money,
  liveOrderStates,
  nextState,
  openOrderStates,
  orderStates,
  orderTransitions,
  reasonErrorMap,
  reviewTransitions,
  terminalStates,
  userEndpoints,
  adminEndpoints,
  whole,
  messageCatalogue,
  messageCodes,
  paramsIn,
  renderMessageEnglish,
  translatedParams,
  withTranslations,
} from './index.js';

describe('Money', () => {
  it('adds exactly where floats would drift', () => {
    const sum = Money.of('0.1', 'USD').plus(Money.of('0.2', 'USD'));
    expect(sum.toString()).toBe('0.30');
    expect(sum.amount.equals('0.3')).toBe(true);
  });

  it('refuses to mix currencies and fractional JS numbers', () => {
    expect(() => Money.of('1', 'USD').plus(Money.of('1', 'MXN'))).toThrow(/mismatch/);
    expect(() => Money.of('1', 'USD').times(0.1)).toThrow();
    expect(() => Money.of('1e5', 'USD')).toThrow();
  });

  it('answers at the currency scale, rounding half-up, and names the mode when rounding', () => {
    expect(Money.of('2.345', 'MXN').toString()).toBe('2.35');
    expect(Money.of('1234.5', 'KRW').toString()).toBe('1235');
    expect(Money.of('10.009', 'USDT').rounded('down').toString()).toBe('10.00');
    expect(Money.of('10.001', 'USD').rounded('up').toString()).toBe('10.01');
    expect(Money.of('1.5', 'EUR').toLedgerString()).toBe('1.50000000');
  });
});

describe('wire types', () => {
  const reasons = (schema: ReturnType<typeof money>, value: unknown) => {
    const r = schema.safeParse(value, { error: reasonErrorMap });
    return r.success ? null : fieldReasonsOf(r.error).body;
  };
  it('money takes decimal strings > 0 within the scale', () => {
    expect(reasons(money(), '500.00')).toBeNull();
    expect(reasons(money(), 500)).toBe('not_decimal_string');
    expect(reasons(money(), '0')).toBe('not_positive');
    expect(reasons(money(), '-1')).toBe('not_positive');
    expect(reasons(money(), '1.001')).toBe('too_many_decimals');
    expect(reasons(money(0), '1.5')).toBe('too_many_decimals');
    expect(reasons(money(), undefined)).toBe('required');
  });
  it('whole accepts a zero fraction only', () => {
    expect(whole().safeParse('100.00').success).toBe(true);
    expect(whole().safeParse('100.5', { error: reasonErrorMap }).error?.issues[0]?.message).toBe('not_integer');
  });
});

describe('the code catalogue', () => {
  it('maps transport codes to their HTTP status and fills placeholders', () => {
    expect(codeCatalogue['request.invalid'].http).toBe(400);
    expect(codeCatalogue['auth.required'].http).toBe(401);
    expect(codeCatalogue['request.too_frequent'].http).toBe(429);
    expect(codeCatalogue['withdraw.below_min'].http).toBe(200);
    expect(englishMessage('withdraw.below_min', { min: '500.00', currency: 'MXN' })).toBe(
      'Minimum withdrawal is 500.00 MXN.',
    );
  });
  it('has no code for a credit-score hold on withdrawals (docs/api.md §1.10)', () => {
    expect(Object.keys(codeCatalogue).some((c) => /credit/.test(c) && /withdraw/.test(c))).toBe(false);
  });
});

describe('state machines', () => {
  it('cancel only from pending, close only from holding', () => {
    expect(canTransition(orderTransitions, 'pending', 'cancel')).toBe(true);
    expect(canTransition(orderTransitions, 'holding', 'cancel')).toBe(false);
    expect(canTransition(orderTransitions, 'holding', 'close')).toBe(true);
    expect(canTransition(orderTransitions, 'closing', 'close')).toBe(false);
    expect(canTransition(orderTransitions, 'locked', 'close')).toBe(false);
    expect(terminalStates(orderTransitions, orderStates).sort()).toEqual(['cancelled', 'closed']);
  });
  it('derives the live and open order states from the table', () => {
    expect([...liveOrderStates].sort()).toEqual(['closing', 'holding', 'locked', 'pending']);
    expect([...openOrderStates].sort()).toEqual(['closing', 'holding', 'locked']);
    expect(nextState(orderTransitions, null, 'buy_market')).toBe('holding');
    expect(nextState(orderTransitions, 'closed', 'fill_close')).toBeNull();
  });
  it('a review is decided once; real name can be resubmitted after a rejection', () => {
    expect(canTransition(reviewTransitions, 'approved', 'reject')).toBe(false);
    expect(canTransition(kycTransitions, 'rejected', 'submit')).toBe(true);
    expect(canTransition(kycTransitions, 'verified', 'submit')).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('has every registered call', () => {
    const doc = buildOpenApiDocument('test') as { paths: Record<string, unknown> };
    for (const e of Object.values(userEndpoints)) expect(doc.paths).toHaveProperty([`/api/vue${e.path}`]);
    for (const e of Object.values(adminEndpoints)) expect(doc.paths).toHaveProperty([`/api/admin${e.path}`]);
  });

  it('describes the multipart upload with its purposes', () => {
    const doc = buildOpenApiDocument('test') as {
      paths: Record<
        string,
        {
          post: {
            requestBody: { content: Record<string, { schema: { properties: { purpose: { enum: string[] } } } }> };
          };
        }
      >;
    };
    const upload = doc.paths['/api/vue/upload/image']?.post.requestBody.content['multipart/form-data'];
    expect(upload?.schema.properties.purpose.enum).toEqual(['kyc_front', 'kyc_back', 'deposit_proof', 'wallet_qr']);
  });
});

describe('the message catalogue', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

  it('names every message param as a placeholder of its English text and uses no other', () => {
    for (const code of messageCodes) {
      const entry = messageCatalogue[code];
      const used = new Set([...placeholders(entry.title), ...placeholders(entry.en)]);
      expect([...used].sort(), code).toEqual([...entry.params].sort());
    }
  });

  it('lets only declared params carry other languages, and only product names', () => {
    for (const code of messageCodes) {
      const entry: { params: readonly string[]; translated?: readonly string[] } = messageCatalogue[code];
      for (const param of entry.translated ?? []) expect(entry.params, code).toContain(param);
    }
    expect(messageCodes.filter((code) => translatedParams(code).length > 0).sort()).toEqual([
      'message.copy.ended',
      'message.lending.completed',
      'message.lending.failed',
      'message.lending.matched',
    ]);
    expect(translatedParams('message.no_such_code')).toEqual([]);
  });

  it("stores a product's names beside the English one and gives each reader theirs", () => {
    const product = withTranslations('product', 'MXN 30-day lending', {
      de: 'MXN-Verleihung 30 Tage',
      zh: 'MXN 30 天出借',
      esp: '  ',
    });
    expect(product).toEqual({
      product: 'MXN 30-day lending',
      'product.de': 'MXN-Verleihung 30 Tage',
      'product.zh': 'MXN 30 天出借',
    });
    expect(withTranslations('product', 'Fund', null)).toEqual({ product: 'Fund' });
    const params = { ...product, amount: '10.00', currency: 'MXN' };
    const code = 'message.lending.failed';
    expect(paramsIn(code, params, 'de')).toEqual({
      product: 'MXN-Verleihung 30 Tage',
      amount: '10.00',
      currency: 'MXN',
    });
    expect(paramsIn(code, params, 'zh').product).toBe('MXN 30 天出借');
    expect(paramsIn(code, params, 'kor')).toEqual({ product: 'MXN 30-day lending', amount: '10.00', currency: 'MXN' });
    expect(paramsIn(code, params, 'en')).toEqual({ product: 'MXN 30-day lending', amount: '10.00', currency: 'MXN' });
    // the English rendering the wire carries for older clients is unchanged
    expect(renderMessageEnglish(code, params).content).toBe(
      'MXN 30-day lending: the product closed before the settlement; 10.00 MXN is available again.',
    );
    // a code without translated params keeps every param as it came
    expect(paramsIn('message.kyc.rejected', { reason: 'x', 'reason.de': 'y' }, 'de')).toEqual({
      reason: 'x',
      'reason.de': 'y',
    });
  });

  it('renders the English title and content with the params as they are', () => {
    expect(
      renderMessageEnglish('message.withdraw.rejected', {
        orderNo: 'W1',
        amount: '700.00',
        currency: 'MXN',
        reason: '<b>x</b>',
      }),
    ).toEqual({
      title: 'Withdrawal rejected',
      content: 'Your withdrawal W1 of 700.00 MXN was rejected and the amount is available again. Reason: <b>x</b>',
    });
  });
});
