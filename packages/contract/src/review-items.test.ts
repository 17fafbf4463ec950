import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildOpenApiDocument,
  reviewItem,
  reviewListItem,
  type ReviewItem,
  type WithdrawReviewDetails,
} from './index.js';

const base = {
  id: 'r_1',
  userId: 'u_1',
  account: '5512345678',
  realname: 'Ana López',
  state: 'pending',
  submittedAt: '2026-03-02T17:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
} as const;

const kyc = {
  ...base,
  queue: 'kyc',
  amount: null,
  currency: null,
  details: {
    name: 'Ana López',
    idNumber: 'LOPA850101HDF7',
    frontImageUrl: '/files/img_1?exp=1&sig=a',
    backImageUrl: '/files/img_2?exp=1&sig=b',
  },
};

const withdraw = {
  ...base,
  queue: 'withdraw',
  amount: '1000.00',
  currency: 'MXN',
  details: {
    orderNo: 'W20260302000001',
    fee: '5.00',
    withdrawableAtSubmit: '3000.00',
    unpaidLoan: false,
    destination: {
      kind: 'card',
      holder: 'Ana López',
      cardNumber: '4152313412345678',
      bankName: 'BBVA',
      branch: 'Centro',
      bankCode: '012',
    },
  },
};

const channel = {
  channelId: 'ch_mx',
  type: 'bank',
  currency: 'MXN',
  name: 'SPEI',
  accountName: 'Meridian',
  accountNumber: '012180001234567891',
  bankName: 'BBVA',
  branch: null,
  network: null,
  address: null,
  qrImageUrl: null,
  min: '100.00',
  max: '1000000.00',
  window: { open: '00:00', close: '23:59' },
  days: [1, 2, 3, 4, 5],
  timezone: 'America/Mexico_City',
  inWindow: true,
};

describe('review items, a union on queue', () => {
  it('parses an item of each queue with its details', () => {
    expect(reviewItem.parse(kyc).queue).toBe('kyc');
    expect(reviewItem.parse(withdraw).queue).toBe('withdraw');
    const deposit = {
      ...base,
      queue: 'deposit',
      amount: '5000.00',
      currency: 'MXN',
      details: { orderNo: 'D1', channelId: 'ch_mx', channel, proofImageUrl: '/files/p' },
    };
    expect(reviewItem.parse(deposit).queue).toBe('deposit');
    const dayTrade = {
      ...base,
      queue: 'day_trade',
      amount: null,
      currency: null,
      details: { accountType: 'standard', openPositions: 2 },
    };
    expect(reviewItem.parse(dayTrade).queue).toBe('day_trade');
  });

  it('refuses a withdrawal without its fee, or with the details of another queue', () => {
    const { fee: _fee, ...noFee } = withdraw.details;
    const missing = reviewItem.safeParse({ ...withdraw, details: noFee });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['details', 'fee']);
    expect(reviewItem.safeParse({ ...withdraw, details: kyc.details }).success).toBe(false);
    expect(reviewItem.safeParse({ ...kyc, queue: 'loan' }).success).toBe(false);
  });

  it('types destinations on kind: a card has its number, a wallet its address', () => {
    const wallet = {
      ...withdraw.details,
      destination: { kind: 'wallet', type: 'USDT-TRC20', address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' },
    };
    expect(reviewItem.safeParse({ ...withdraw, currency: 'USDT', details: wallet }).success).toBe(true);
    const cardWithoutNumber = {
      ...withdraw.details,
      destination: { kind: 'card', holder: 'Ana López', bankName: 'BBVA', branch: 'x', bankCode: '012' },
    };
    expect(reviewItem.safeParse({ ...withdraw, details: cardWithoutNumber }).success).toBe(false);
    expect(
      reviewItem.safeParse({ ...withdraw, details: { ...withdraw.details, destination: { kind: 'cash' } } }).success,
    ).toBe(false);
  });

  it('keeps amounts on money queues only', () => {
    expect(reviewItem.safeParse({ ...kyc, amount: '1.00', currency: 'MXN' }).success).toBe(false);
    expect(reviewItem.safeParse({ ...withdraw, amount: null, currency: null }).success).toBe(false);
  });

  it('narrows details on queue', () => {
    const item: ReviewItem = reviewItem.parse(withdraw);
    if (item.queue === 'withdraw') {
      expectTypeOf(item.details).toEqualTypeOf<WithdrawReviewDetails>();
      expect(item.details.fee).toBe('5.00');
      if (item.details.destination?.kind === 'card')
        expect(item.details.destination.cardNumber).toBe('4152313412345678');
    } else {
      throw new Error('not narrowed');
    }
  });

  it('lists items without image links', () => {
    const listed = reviewListItem.parse(kyc);
    expect(listed.details).not.toHaveProperty('frontImageUrl');
    expect(listed.details).toEqual({ name: 'Ana López', idNumber: 'LOPA850101HDF7' });
  });

  it('builds the OpenAPI document with the union', () => {
    const doc = buildOpenApiDocument('test') as { paths: Record<string, { post: { responses: { 200: unknown } } }> };
    const detail = JSON.stringify(doc.paths['/api/admin/review/detail']?.post.responses[200]);
    for (const field of ['frontImageUrl', 'proofImageUrl', 'withdrawableAtSubmit', 'openPositions', 'cardNumber'])
      expect(detail).toContain(field);
    const list = JSON.stringify(doc.paths['/api/admin/review/list']?.post.responses[200]);
    expect(list).not.toContain('frontImageUrl');
    expect(list).toContain('withdrawableAtSubmit');
  });
});
