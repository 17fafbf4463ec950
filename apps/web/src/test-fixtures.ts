/** Contract-shaped answers for the money screens' component tests. */
import type { KycStatus } from '@brokerage/contract';

export const ACCOUNT = '5215512345678';

export function userInfo(kycStatus: KycStatus = 'verified', overrides: Record<string, unknown> = {}) {
  return {
    id: 'u_3kT9',
    account: ACCOUNT,
    realname: kycStatus === 'verified' ? 'Ana López' : '',
    is_true: kycStatus === 'verified' ? 1 : 0,
    phone: ACCOUNT,
    kycStatus,
    accountType: 'standard',
    hasFundPassword: true,
    dayTrading: false,
    inviteCode: 'K7M2Q9',
    restrictions: [],
    totpEnabled: false,
    createdAt: '2025-01-05T10:00:00Z',
    ...overrides,
  };
}

export function kycStatus(state: KycStatus, overrides: Record<string, unknown> = {}) {
  const submitted = state !== 'none';
  return {
    kycStatus: state,
    name: submitted ? 'Ana López' : null,
    idNumberMasked: submitted ? 'LOPA85***********7' : null,
    submittedAt: submitted ? '2025-03-01T10:00:00Z' : null,
    reviewedAt: state === 'verified' || state === 'rejected' ? '2025-03-01T12:00:00Z' : null,
    rejectReason: state === 'rejected' ? 'Photo unreadable' : null,
    ...overrides,
  };
}

export function uploadAnswer(purpose: string) {
  return {
    imageId: `img_${purpose}`,
    purpose,
    contentType: 'image/png',
    size: 1834,
    url: `https://files.example/img_${purpose}?sig=x`,
    expiresAt: '2025-03-14T15:45:00Z',
  };
}

export const bankChannel = {
  channelId: 'ch_mx1',
  type: 'bank',
  currency: 'MXN',
  name: 'SPEI transfer',
  accountName: 'Example Securities SA de CV',
  accountNumber: '012180001234567891',
  bankName: 'BBVA México',
  branch: 'CDMX Centro',
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

export const cryptoChannel = {
  ...bankChannel,
  channelId: 'ch_usdt',
  type: 'crypto',
  currency: 'USDT',
  name: 'USDT (TRC20)',
  accountName: null,
  accountNumber: null,
  bankName: null,
  branch: null,
  network: 'TRC20',
  address: 'TQ5NqWQ9rAqYq8n8qJ7bq3r5Vf1mW2kXyZ',
  qrImageUrl: null,
  min: '10.00',
  max: '100000.00',
};

export function depositRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'd_51',
    orderNo: 'D20250314000051',
    channelId: 'ch_mx1',
    currency: 'MXN',
    amount: '5000.00',
    state: 'pending',
    createdAt: '2025-03-14T15:30:00Z',
    reviewedAt: null,
    rejectReason: null,
    ...overrides,
  };
}

type Rule = { rule: string; ok: boolean; code: string; params: Record<string, unknown> };

export function withdrawInfo(overrides: { rules?: Rule[] } & Record<string, unknown> = {}) {
  const rules: Rule[] = [
    { rule: 'withdraw_blocked', ok: true, code: 'account.withdraw_blocked', params: {} },
    { rule: 'kyc', ok: true, code: 'kyc.not_passed', params: { kycStatus: 'verified' } },
    { rule: 'fund_password', ok: true, code: 'password.fund_not_set', params: {} },
    { rule: 'window', ok: true, code: 'withdraw.outside_window', params: { open: '09:30', close: '24:00' } },
    { rule: 'min', ok: true, code: 'withdraw.below_min', params: { min: '500.00', currency: 'MXN' } },
    { rule: 'max', ok: true, code: 'withdraw.above_max', params: { max: '500000.00', currency: 'MXN' } },
    { rule: 'unpaid_loan', ok: true, code: 'loan.unpaid', params: {} },
    { rule: 'operation_pending', ok: true, code: 'funds.operation_pending', params: {} },
    {
      rule: 'withdrawable',
      ok: true,
      code: 'funds.insufficient_withdrawable',
      params: { withdrawable: '59010.00', currency: 'MXN' },
    },
  ];
  return {
    currency: 'MXN',
    withdrawable: '59010.00',
    min: '500.00',
    max: '500000.00',
    feeRate: '0',
    window: { open: '09:30', close: '24:00' },
    days: [1, 2, 3, 4, 5],
    timezone: 'America/Mexico_City',
    inWindow: true,
    hasFundPassword: true,
    unpaidLoan: false,
    pendingWithdrawal: false,
    ...overrides,
    rules: overrides.rules ?? rules,
  };
}

export const card = {
  cardId: 'c_2',
  holder: 'Ana López',
  numberMasked: '4152********5678',
  bankName: 'BBVA México',
  branch: 'CDMX Centro',
  bankCode: '012',
  createdAt: '2025-03-01T10:00:00Z',
};

export const wallet = {
  walletId: 'wl_1',
  type: 'USDT-TRC20',
  address: 'TQ5NqWQ9rAqYq8n8qJ7bq3r5Vf1mW2kXyZ',
  qrImageUrl: null,
  createdAt: '2025-03-01T10:00:00Z',
};

export function withdrawRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'w_12',
    orderNo: 'W20250314000012',
    currency: 'MXN',
    amount: '1000.00',
    fee: '0.00',
    state: 'rejected',
    destination: { kind: 'card', label: 'BBVA México', masked: '4152********5678' },
    createdAt: '2025-03-14T15:30:00Z',
    reviewedAt: '2025-03-14T16:00:00Z',
    rejectReason: 'Name does not match',
    timeline: [
      { step: 'submitted', at: '2025-03-14T15:30:00Z', reason: null, done: true },
      { step: 'under_review', at: '2025-03-14T15:30:00Z', reason: null, done: true },
      { step: 'rejected', at: '2025-03-14T16:00:00Z', reason: 'Name does not match', done: true },
    ],
    ...overrides,
  };
}

export function ledgerRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'l_900',
    orderNo: '20250314093000123',
    kind: 'order_open',
    currency: 'USD',
    amount: '-342.55',
    frozenChange: '0.00',
    balanceAfter: '4657.45',
    createdAt: '2025-03-14T15:30:00Z',
    remark: 'AAPL long 10',
    ...overrides,
  };
}

export function account(currency: string, available: string, overrides: Record<string, unknown> = {}) {
  return {
    currency,
    available,
    frozen: '0.00',
    inTransit: '0.00',
    withdrawable: available,
    positionsValue: '0.00',
    investValue: '0.00',
    totalAssets: available,
    profit: '0.00',
    ...overrides,
  };
}

export function assets(accounts: ReturnType<typeof account>[]) {
  return {
    currency: 'MXN',
    totalAssets: '0.00',
    available: '0.00',
    frozen: '0.00',
    inTransit: '0.00',
    withdrawable: '0.00',
    profit: '0.00',
    creditScore: 80,
    ratesAt: '2025-03-14T15:30:00Z',
    accounts,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
