/**
 * A group commit's orders travel to PostgreSQL as one JSON parameter (`sendOrdersWithEvents`),
 * written out as text column by column (issue 29). It must be the JSON an object per row gives.
 */
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderAsStored, ordersJson, type NewOrderRow } from './orders.repository.js';
import { orders } from './trading.tables.js';

/** The payload as first written: an object per row of its non-null columns by name, dates as ISO strings. */
function reference(rows: NewOrderRow[]): string {
  const columns = Object.entries(getTableColumns(orders));
  return JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        if (value !== undefined && value !== null)
          out[column.name] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    }),
  );
}

const base: NewOrderRow & { id: string } = {
  id: 'o_abc',
  orderNo: '202603031600001230042',
  userId: 'u_1',
  instrumentId: 'i_crypto_BTC-USDT',
  code: 'BTC-USDT',
  name: 'Bitcoin "BTC" \\ Tether \u00e9\u4e2d\n',
  market: 'crypto',
  currency: 'USDT',
  priceScale: 2,
  source: 'order',
  side: 'long',
  orderType: 'market',
  state: 'holding',
  lots: 3,
  lotSize: '0.001',
  leverage: 10,
  price: null,
  costPrice: '65000.12',
  contractAmount: '195.00036000',
  margin: '19.50003600',
  openFee: '0.09750018',
  takeProfit: undefined,
  stopLoss: null,
  buyFeeRate: '0.0005',
  sellFeeRate: '0.0005',
  stampDutyRate: '0',
  stopOutRatio: '0.2',
  holdMinutesMin: 0,
  tPlusNDays: 0,
  settlementDays: 0,
  createdAt: new Date('2026-03-03T16:00:00.123Z'),
  openedAt: new Date('2026-03-03T16:00:00.123Z'),
  expiresAt: null,
};

describe('ordersJson', () => {
  it('is the JSON of an object per row, nulls left out, dates as ISO strings', () => {
    expect(ordersJson([])).toBe(reference([]));
    expect(ordersJson([base])).toBe(reference([base]));
    const rows = [
      base,
      { ...base, id: 'o_def', price: '64000.5', takeProfit: '70000', expiresAt: new Date(0), lots: 1 },
      { ...base, id: 'o_ghi', openedAt: null, costPrice: null, state: 'pending' as const, orderType: 'limit' as const },
    ];
    expect(ordersJson(rows)).toBe(reference(rows));
    const parsed = JSON.parse(ordersJson(rows)) as Record<string, unknown>[];
    expect(parsed[1]).toMatchObject({ id: 'o_def', price: '64000.5', expires_at: '1970-01-01T00:00:00.000Z' });
    expect(parsed[0]).not.toHaveProperty('take_profit');
  });

  it('writes every column of the table (a column added to the table must be added to the payload)', () => {
    const when = new Date('2026-03-04T10:00:00Z');
    const full: NewOrderRow = {
      ...base,
      price: '1',
      takeProfit: '2',
      stopLoss: '3',
      closePrice: '4',
      closeFee: '5',
      stampDuty: '6',
      profitLoss: '-7',
      proceeds: '8',
      settlesAt: when,
      closedAt: when,
      lockUntil: when,
      minHoldUntil: when,
      tPlusUntil: when,
      expiresAt: when,
      cancelReason: 'user',
      closeReason: 'user',
    };
    const columns = Object.values(getTableColumns(orders)).map((c) => c.name);
    const written = Object.keys((JSON.parse(ordersJson([full])) as Record<string, unknown>[])[0] ?? {});
    expect(written).toEqual(columns);
    expect(ordersJson([full])).toBe(reference([full]));
  });

  it('orderAsStored gives every column of the table, null where the new row has none', () => {
    const stored = orderAsStored(base);
    expect(Object.keys(stored)).toEqual(Object.keys(getTableColumns(orders)));
    for (const [key, value] of Object.entries(stored))
      expect(value).toEqual((base as Record<string, unknown>)[key] ?? null);
  });
});
