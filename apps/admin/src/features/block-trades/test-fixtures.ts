/** A contract-shaped block-trade product for the back office's tests (docs/api.md §13.1, §19.5). */
import type { AdminBlockProduct } from '@brokerage/contract';

export const blockProduct: AdminBlockProduct = {
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
  lockDays: 3,
  open: true,
  buyFeeRate: '0.0015',
  applicationsCount: 0,
  createdAt: '2025-03-01T10:00:00Z',
};
