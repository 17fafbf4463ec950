import { describe, expect, it } from 'vitest';
import { fieldReasonsOf, reasonErrorMap, withdrawRequest } from './index.js';

const reasons = (schema: { safeParse: typeof withdrawRequest.safeParse }, value: unknown) => {
  const r = schema.safeParse(value, { error: reasonErrorMap });
  return r.success ? null : fieldReasonsOf(r.error);
};

describe('withdraw: exactly one of cardId and walletId (§1.3 exclusive)', () => {
  const body = { amount: '100.00', currency: 'MXN', fundPassword: '246810' };

  it('answers exclusive when neither is given', () => {
    expect(reasons(withdrawRequest, body)).toEqual({ cardId: 'exclusive' });
  });

  it('answers exclusive when both are given', () => {
    expect(reasons(withdrawRequest, { ...body, cardId: 'c_1', walletId: 'w_1' })).toMatchObject({
      cardId: 'exclusive',
    });
  });

  it('accepts either one', () => {
    expect(reasons(withdrawRequest, { ...body, cardId: 'c_1' })).toBeNull();
    expect(reasons(withdrawRequest, { ...body, currency: 'USDT', walletId: 'w_1' })).toBeNull();
  });
});
