import { describe, expect, it } from 'vitest';
import type { InstrumentDef } from '../types.js';
import { universe, universeById } from './index.js';

const decimals = (value: string): number => {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
};
const DECIMAL = /^\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

const count = (pred: (d: InstrumentDef) => boolean): number => universe.filter(pred).length;

describe('universe', () => {
  it('has unique ids of the form i_<market>_<CODE>', () => {
    expect(universeById.size).toBe(universe.length);
    for (const def of universe) {
      expect(def.instrumentId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(def.instrumentId).toBe(`i_${def.market}_${def.code.replace(/\./g, '-')}`);
      expect(def.code).toMatch(/^[A-Z0-9.-]+$/);
    }
  });

  it('has the required number of instruments per market and board', () => {
    expect(count((d) => d.market === 'usd' && d.board === 'listed' && d.assetClass === 'stock')).toBeGreaterThanOrEqual(
      30,
    );
    expect(count((d) => d.market === 'mxn' && d.assetClass === 'stock')).toBeGreaterThanOrEqual(20);
    expect(count((d) => d.market === 'eur' && d.assetClass === 'stock')).toBeGreaterThanOrEqual(15);
    expect(count((d) => d.market === 'usd' && d.board === 'otc')).toBeGreaterThanOrEqual(5);
    expect(count((d) => d.assetClass === 'index')).toBe(5);
    expect(count((d) => d.assetClass === 'forex')).toBeGreaterThanOrEqual(10);
    expect(count((d) => d.assetClass === 'crypto')).toBeGreaterThanOrEqual(8);
  });

  it('keeps market, asset class, board and currency consistent', () => {
    const currencyOf: Record<string, string> = { usd: 'USD', mxn: 'MXN', eur: 'EUR', crypto: 'USDT' };
    for (const def of universe) {
      if (def.assetClass === 'stock' || def.assetClass === 'index') {
        expect(['usd', 'mxn', 'eur']).toContain(def.market);
        expect(def.currency).toBe(currencyOf[def.market]);
      }
      if (def.assetClass === 'crypto') {
        expect(def.market).toBe('crypto');
        expect(def.currency).toBe('USDT');
      }
      if (def.assetClass === 'forex') {
        expect(def.market).toBe('forex');
        expect(def.code).toMatch(/^[A-Z]{6}$/);
        expect(def.currency).toBe(def.code.slice(3));
      }
      if (def.board === 'otc') expect(def.assetClass).toBe('stock');
    }
  });

  it('has well-formed numbers', () => {
    for (const def of universe) {
      const where = def.instrumentId;
      expect(Number.isInteger(def.priceScale), where).toBe(true);
      expect(def.referencePrice, where).toMatch(DECIMAL);
      expect(decimals(def.referencePrice), where).toBeLessThanOrEqual(def.priceScale);
      expect(Number(def.referencePrice), where).toBeGreaterThan(0);
      expect(def.annualVolatility, where).toMatch(DECIMAL);
      expect(def.halfSpreadBps, where).toMatch(DECIMAL);
      expect(def.averageDailyVolume, where).toMatch(DECIMAL);
      expect(decimals(def.averageDailyVolume), where).toBeLessThanOrEqual(def.volumeScale);
      if (def.foreignOwnershipRatio !== null) expect(def.foreignOwnershipRatio, where).toMatch(/^0\.\d{4}$/);
      if (def.sharesOutstanding !== null) {
        expect(Number.isSafeInteger(def.sharesOutstanding), where).toBe(true);
        expect(def.sharesOutstanding, where).toBeGreaterThan(0);
      }
      switch (def.assetClass) {
        case 'stock':
          expect(def.priceScale, where).toBe(2);
          expect(def.volumeScale, where).toBe(0);
          expect(def.sharesOutstanding, where).not.toBeNull();
          expect(def.industry, where).not.toBeNull();
          expect(Number(def.annualVolatility), where).toBeGreaterThanOrEqual(0.18);
          expect(Number(def.annualVolatility), where).toBeLessThanOrEqual(0.6);
          break;
        case 'index':
          expect(def.priceScale, where).toBe(2);
          expect(def.sharesOutstanding, where).toBeNull();
          expect(def.industry, where).toBeNull();
          expect(def.divisor, where).toBeUndefined();
          break;
        case 'crypto':
          expect(def.volumeScale, where).toBeGreaterThanOrEqual(4);
          expect(def.volumeScale, where).toBeLessThanOrEqual(8);
          expect(def.industry, where).toBe('Digital currency');
          expect(def.sharesOutstanding, where).not.toBeNull();
          break;
        case 'forex':
          expect(def.volumeScale, where).toBe(0);
          expect(def.sharesOutstanding, where).toBeNull();
          break;
      }
    }
  });

  it('has index baskets of existing instruments of the same market', () => {
    for (const index of universe.filter((d) => d.assetClass === 'index')) {
      const constituents = index.constituents ?? [];
      expect(constituents.length, index.instrumentId).toBeGreaterThan(0);
      const ids = new Set(constituents.map((c) => c.instrumentId));
      expect(ids.size, index.instrumentId).toBe(constituents.length);
      for (const c of constituents) {
        const member = universeById.get(c.instrumentId);
        expect(member, `${index.instrumentId} → ${c.instrumentId}`).toBeDefined();
        expect(member?.market).toBe(index.market);
        expect(member?.assetClass).toBe('stock');
        expect(member?.board).toBe('listed');
        expect(c.weight).toMatch(/^\d+(\.\d{1,4})?$/);
        expect(Number(c.weight)).toBeGreaterThan(0);
      }
    }
    expect(universeById.get('i_usd_DJI')?.constituents?.every((c) => c.weight === '1')).toBe(true);
    expect(universeById.get('i_usd_DJI')?.constituents).toHaveLength(30);
  });

  it('has corporate actions on weekdays inside the simulated history', () => {
    for (const def of universe) {
      for (const action of def.corporateActions ?? []) {
        const where = `${def.instrumentId} ${action.exDate}`;
        expect(isRealDate(action.exDate), where).toBe(true);
        expect(action.exDate > '2021-01-04', where).toBe(true);
        expect(action.exDate < '2026-11-01', where).toBe(true);
        const weekday = new Date(`${action.exDate}T00:00:00Z`).getUTCDay();
        expect(weekday >= 1 && weekday <= 5, where).toBe(true);
        if (action.kind === 'split') expect(action.ratio, where).toMatch(DECIMAL);
        else expect(action.cash, where).toMatch(DECIMAL);
      }
      const dates = (def.corporateActions ?? []).map((a) => a.exDate);
      expect([...dates].sort(), def.instrumentId).toEqual(dates);
    }
  });

  it('lists and delists on valid dates', () => {
    for (const def of universe) {
      if (def.listingDate !== null) expect(isRealDate(def.listingDate), def.instrumentId).toBe(true);
      if (def.delistingDate !== undefined && def.delistingDate !== null) {
        expect(isRealDate(def.delistingDate), def.instrumentId).toBe(true);
      }
    }
    expect(count((d) => d.listingDate !== null)).toBe(1);
    expect(count((d) => d.delistingDate != null)).toBe(1);
  });

  it('maps dotted codes to hyphenated ids', () => {
    expect(universeById.get('i_usd_BRK-B')?.code).toBe('BRK.B');
    expect(universeById.get('i_forex_USDMXN')?.currency).toBe('MXN');
    expect(universeById.get('i_crypto_BTC-USDT')?.code).toBe('BTC-USDT');
  });
});
