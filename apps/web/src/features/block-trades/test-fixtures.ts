/** Contract-shaped answers for the block-trade screens' component tests (docs/api.md §13). */

export function blockProduct(overrides: Record<string, unknown> = {}) {
  return {
    id: 'bp_3',
    kind: 'block',
    instrumentId: 'i_mxn_WALMEX',
    code: 'WALMEX',
    name: 'Walmart de México',
    market: 'mxn',
    currency: 'MXN',
    price: '58.20',
    currentPrice: '61.05',
    priceLow: '54.95',
    priceHigh: '67.15',
    minShares: 1000,
    dailyLimit: 50000,
    remainingToday: 4500,
    lockDays: 3,
    open: true,
    buyFeeRate: '0.0015',
    ...overrides,
  };
}

export function blockApplication(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ba_7',
    productId: 'bp_3',
    kind: 'block',
    code: 'WALMEX',
    name: 'Walmart de México',
    currency: 'MXN',
    shares: 1000,
    price: '58.20',
    amount: '58200.00',
    fee: '87.30',
    lockDays: 3,
    state: 'pending',
    submittedAt: '2025-03-14T15:00:00Z',
    reviewedAt: null,
    reason: null,
    orderId: null,
    ...overrides,
  };
}
