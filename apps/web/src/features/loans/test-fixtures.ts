/** Contract-shaped answers for the credit-loan screens' component tests (docs/api.md §16). */
export function loanRating(overrides: Record<string, unknown> = {}) {
  return {
    creditScore: 80,
    minScoreToBorrow: 60,
    currency: 'MXN',
    quota: '10000.00',
    borrowed: '3000.00',
    outstanding: '3012.00',
    availableQuota: '7000.00',
    dailyRate: '0.0005',
    pendingApplication: false,
    checkinsLast30Days: 12,
    quotaRaiseCheckins: 20,
    pendingQuotaRaise: false,
    ...overrides,
  };
}

export function loanRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ln_3',
    orderNo: 'L20250301000003',
    currency: 'MXN',
    principal: '3000.00',
    interest: '12.00',
    repaid: '0.00',
    outstanding: '3012.00',
    dailyRate: '0.0005',
    state: 'approved',
    settled: false,
    appliedAt: '2025-03-01T15:00:00Z',
    reviewedAt: '2025-03-01T16:00:00Z',
    reason: null,
    settledAt: null,
    ...overrides,
  };
}
