/** Contract-shaped answers for the copy-trading screens' component tests (docs/api.md §14). */

export function copyFund(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cf_demo_momentum',
    names: {},
    name: 'US Momentum 3',
    strategyNo: 'MOM-20',
    currency: 'USD',
    fundSize: '5000000.00',
    minAmount: '1000.00',
    lockupDays: 7,
    tradeCycleDays: 90,
    copyDeadline: '2099-03-31T21:00:00Z',
    endTime: '2099-06-30T21:00:00Z',
    dailyProfitRate: '0.0012',
    expectedReturnRate: '0.12',
    performanceFeeRate: '0.18',
    serviceFeeRate: '0.02',
    open: true,
    state: 'running',
    remaining: '4990000.00',
    ...overrides,
  };
}

/** 30 days of results: 10 backtest days, then 20 live ones; a mix of gains and losses. */
export const rates = [
  '0.0012',
  '-0.0031',
  '0.0045',
  '0.0008',
  '-0.0012',
  '0.0021',
  '0.0000',
  '0.0017',
  '-0.0044',
  '0.0030',
  '0.0011',
  '0.0025',
  '-0.0009',
  '0.0013',
  '0.0002',
  '-0.0020',
  '0.0036',
  '0.0007',
  '0.0015',
  '-0.0003',
  '0.0019',
  '0.0004',
  '-0.0011',
  '0.0028',
  '0.0006',
  '0.0010',
  '-0.0016',
  '0.0022',
  '0.0009',
  '0.0012',
];

const day = (index: number) =>
  `2099-02-${String(index + 1).padStart(2, '0')}`
    .replace('2099-02-29', '2099-03-01')
    .replace('2099-02-30', '2099-03-02');

export function copyDetail(overrides: Record<string, unknown> = {}) {
  let nav = 1;
  const navHistory = rates.map((rate, index) => {
    nav *= 1 + Number(rate);
    return { date: day(index), nav: nav.toFixed(8), backtest: index < 10 };
  });
  return {
    ...copyFund(),
    history: rates.map((rate, index) => ({ date: day(index), dailyProfitRate: rate })),
    nav: '1.02123456',
    navHistory,
    strategy: {
      kind: 'momentum',
      market: 'usd',
      lookbackDays: 20,
      holdings: 3,
      investedFraction: '0.6',
      entryThreshold: null,
    },
    positions: [
      {
        orderId: 'o_1',
        instrumentId: 'i_usd_NVDA',
        code: 'NVDA',
        name: 'NVIDIA',
        side: 'long',
        lots: 12,
        lotSize: '1',
        costPrice: '120.50',
        currentPrice: '124.10',
        yingkui: '43.20',
        state: 'holding',
      },
      {
        orderId: 'o_2',
        instrumentId: 'i_usd_TSLA',
        code: 'TSLA',
        name: 'Tesla',
        side: 'long',
        lots: 5,
        lotSize: '1',
        costPrice: '250.00',
        currentPrice: '246.00',
        yingkui: '-20.00',
        state: 'holding',
      },
    ],
    cash: '2000000.00',
    totalValue: '5106172.80',
    launchedAt: '2099-02-11T00:00:00Z',
    rebalancedOn: '2099-03-01',
    ...overrides,
  };
}

export function copySubscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_5',
    fundId: 'cf_demo_momentum',
    name: 'US Momentum 3',
    currency: 'USD',
    amount: '2000.00',
    state: 'active',
    startedAt: '2025-03-01T10:00:00Z',
    lockUntil: '2099-03-08T10:00:00Z',
    profit: '36.20',
    value: '2036.20',
    daysCounted: 12,
    endedAt: null,
    payout: null,
    performanceFee: null,
    serviceFee: null,
    endReason: null,
    ...overrides,
  };
}
