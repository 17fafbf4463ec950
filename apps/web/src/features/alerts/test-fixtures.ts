/** Alerts as `/alert/list` answers them (docs/api.md §22.2). */
import type { AlertData } from './alert-queries';

export function alertRow(overrides: Partial<AlertData> = {}): AlertData {
  return {
    id: 'al_1',
    instrumentId: 'i_mxn_AMXL',
    code: 'AMXL',
    name: 'América Móvil',
    market: 'mxn',
    kind: 'price_above',
    value: '18.50',
    repeat: 'once',
    note: '',
    state: 'active',
    createdAt: '2025-03-14T15:00:00Z',
    expiresAt: '2025-04-13T15:00:00Z',
    triggeredAt: null,
    triggerPrice: null,
    lastPrice: '16.42',
    ...overrides,
  };
}

export const amxlQuote = {
  instrumentId: 'i_mxn_AMXL',
  code: 'AMXL',
  name: 'América Móvil',
  price: '16.42',
  changeRate: '0.0074',
  priceScale: 2,
};
