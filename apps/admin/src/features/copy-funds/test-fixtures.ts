/** A contract-shaped copy-trading fund for the back office's tests (docs/api.md §14, §19.5). */
import type { AdminCopyFund } from '@brokerage/contract';

export const copyFund: AdminCopyFund = {
  id: 'cf_demo_momentum',
  name: 'US Momentum 3',
  names: {},
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
  subscribed: '10000.00',
  activeSubscriptions: 3,
  nav: '1.02123456',
  totalValue: '5106172.80',
  createdAt: '2099-02-01T00:00:00Z',
  closedAt: null,
};
