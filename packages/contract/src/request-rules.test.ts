import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminNewsCreateRequest,
  adminNewsUpdateRequest,
  fieldReasonsOf,
  reasonErrorMap,
  withdrawRequest,
} from './index.js';

const reasons = (schema: z.ZodType, value: unknown) => {
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
describe('news coverUrl: https or a same-origin path only', () => {
  const body = {
    category: 'top',
    title: 'Title',
    summary: 'Summary',
    content: '<p>Content</p>',
    source: 'Desk',
    reason: 'publish the story',
  };

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://example.com/a.png',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    '/\t/evil.example/a.png',
    'ftp://example.com/a.png',
  ])('refuses %s', (coverUrl) => {
    expect(reasons(adminNewsCreateRequest, { ...body, coverUrl })).toEqual({ coverUrl: 'format' });
    expect(reasons(adminNewsUpdateRequest, { id: 'n_1', reason: 'fix the cover', coverUrl })).toEqual({
      coverUrl: 'format',
    });
  });

  it.each(['https://cdn.example.com/a.png', '/uploads/news/a.png', null])('accepts %s', (coverUrl) => {
    expect(reasons(adminNewsCreateRequest, { ...body, coverUrl })).toBeNull();
  });
});
