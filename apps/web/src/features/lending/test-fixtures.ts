/** Contract-shaped answers for the lending screens' component tests (docs/api.md §15). */

export function lendingProduct(overrides: Record<string, unknown> = {}) {
  return {
    id: 'lp_1',
    name: 'MXN 30-day lending',
    currency: 'MXN',
    dailyRate: '0.0003',
    termDays: 30,
    minAmount: '10000.00',
    quota: '5000000.00',
    quotaUsed: '1200000.00',
    open: true,
    ...overrides,
  };
}

export function lendingRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'lr_4',
    productId: 'lp_1',
    name: 'MXN 30-day lending',
    currency: 'MXN',
    amount: '20000.00',
    dailyRate: '0.0003',
    termDays: 30,
    state: 'succeeded',
    appliedAt: '2025-03-13T15:00:00Z',
    startedAt: '2025-03-14T00:00:00Z',
    endsAt: '2025-04-13T00:00:00Z',
    interest: '60.00',
    completedAt: null,
    ...overrides,
  };
}
