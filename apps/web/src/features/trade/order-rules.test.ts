import { describe, expect, it } from 'vitest';
import { closeGate, lotUnit, minLotsFor, nextSessionOpen, orderGate, pnlRate, tpSlProblems } from './order-rules';

describe('take-profit and stop-loss sides (docs/api.md §9.2 rule 7)', () => {
  it('wants a long TP above and SL below the reference', () => {
    expect(tpSlProblems('long', '100.00', '101', '99')).toEqual({});
    expect(tpSlProblems('long', '100.00', '100', '100')).toEqual({ takeProfit: 'tpAbove', stopLoss: 'slBelow' });
    expect(tpSlProblems('long', '100.00', '90', '110')).toEqual({ takeProfit: 'tpAbove', stopLoss: 'slBelow' });
  });

  it('wants a short TP below and SL above the reference', () => {
    expect(tpSlProblems('short', '100.00', '99.99', '100.01')).toEqual({});
    expect(tpSlProblems('short', '100.00', '110', '90')).toEqual({ takeProfit: 'tpBelow', stopLoss: 'slAbove' });
  });

  it('checks nothing without a reference or without the field', () => {
    expect(tpSlProblems('long', null, '1', '1000')).toEqual({});
    expect(tpSlProblems('long', '100', null, null)).toEqual({});
  });
});

describe('the minimum opening amount in shares (rule 8)', () => {
  it('rounds up so the amount is reached, at least one share', () => {
    expect(minLotsFor('30.00', '100.00')).toBe(4);
    expect(minLotsFor('25.00', '100.00')).toBe(4);
    expect(minLotsFor('25.01', '100.00')).toBe(4);
    expect(minLotsFor('24.99', '100.00')).toBe(5);
    expect(minLotsFor('170.00', '100.00')).toBe(1);
    expect(minLotsFor('0.00001234', '100.00')).toBe(8103728);
  });

  it('is one without a price or a minimum', () => {
    expect(minLotsFor(null, '100.00')).toBe(1);
    expect(minLotsFor('10', null)).toBe(1);
    expect(minLotsFor('0', '100')).toBe(1);
  });
});

describe('when a position can be closed', () => {
  const now = Date.parse('2025-03-14T13:35:00Z');
  it('waits for sellableAt while holding, then opens', () => {
    expect(closeGate({ state: 'holding', sellableAt: '2025-03-17T13:30:00Z', lockUntil: null }, now)).toEqual({
      kind: 'sellableAt',
      at: '2025-03-17T13:30:00Z',
    });
    expect(closeGate({ state: 'holding', sellableAt: '2025-03-14T13:35:00Z', lockUntil: null }, now)).toEqual({
      kind: 'open',
    });
    expect(closeGate({ state: 'holding', sellableAt: null, lockUntil: null }, now)).toEqual({ kind: 'open' });
  });

  it('says a locked position is locked and gives others no close at all', () => {
    expect(closeGate({ state: 'locked', sellableAt: null, lockUntil: '2025-04-01T00:00:00Z' }, now)).toEqual({
      kind: 'locked',
      until: '2025-04-01T00:00:00Z',
    });
    for (const state of ['pending', 'closing', 'closed', 'cancelled'] as const)
      expect(closeGate({ state, sellableAt: null, lockUntil: null }, now)).toEqual({ kind: 'none' });
  });
});

describe('a close outside trading hours', () => {
  const usd = {
    timezone: 'America/New_York',
    sessions: [
      { open: '04:00', close: '09:30' },
      { open: '09:30', close: '16:00' },
      { open: '16:00', close: '20:00' },
    ],
  };
  const mxn = { timezone: 'America/Mexico_City', sessions: [{ open: '08:30', close: '15:00' }] };
  const holding = { state: 'holding' as const, sellableAt: null, lockUntil: null };

  it('is refused before the button while the market is closed, with the next opening', () => {
    // Friday 27 November 2026, 21:00 in New York (EST, UTC-5): the next session opens Monday 04:00 EST.
    const fridayNight = Date.parse('2026-11-28T02:00:00Z');
    expect(closeGate(holding, fridayNight, { ...usd, inSession: false })).toEqual({
      kind: 'marketClosed',
      opensAt: '2026-11-30T09:00:00.000Z',
    });
    expect(closeGate(holding, fridayNight, { ...usd, inSession: true })).toEqual({ kind: 'open' });
    // unknown market hours (the quote not in yet): the server decides, as before
    expect(closeGate(holding, fridayNight, null)).toEqual({ kind: 'open' });
  });

  it('keeps the other rules first: not yet sellable, locked', () => {
    const now = Date.parse('2026-11-28T02:00:00Z');
    const closed = { ...usd, inSession: false };
    expect(closeGate({ ...holding, sellableAt: '2026-11-30T15:00:00Z' }, now, closed)).toEqual({
      kind: 'sellableAt',
      at: '2026-11-30T15:00:00Z',
    });
    expect(closeGate({ state: 'locked', sellableAt: null, lockUntil: null }, now, closed)).toEqual({
      kind: 'locked',
      until: null,
    });
  });

  it("finds the next opening in the market's time zone, across the weekend and daylight saving", () => {
    // before the open on a weekday: the same day (Mexico City has no DST since 2022: UTC-6)
    expect(new Date(nextSessionOpen(mxn, Date.parse('2026-11-27T12:00:00Z')) ?? 0).toISOString()).toBe(
      '2026-11-27T14:30:00.000Z',
    );
    // after the close: the next weekday
    expect(new Date(nextSessionOpen(mxn, Date.parse('2026-11-26T22:00:00Z')) ?? 0).toISOString()).toBe(
      '2026-11-27T14:30:00.000Z',
    );
    // Saturday 7 March 2026 in New York; Sunday 8 March moves to EDT (UTC-4): Monday 04:00 EDT is 08:00Z
    expect(new Date(nextSessionOpen(usd, Date.parse('2026-03-07T15:00:00Z')) ?? 0).toISOString()).toBe(
      '2026-03-09T08:00:00.000Z',
    );
    // a market that never closes has no next opening
    expect(
      nextSessionOpen(
        { timezone: 'UTC', sessions: [{ open: '00:00', close: '24:00' }] },
        Date.parse('2026-11-28T02:00:00Z'),
      ),
    ).toBeNull();
  });
});

describe('the P&L percentage of the margin', () => {
  it('rounds half-up to 2 decimals of a percent', () => {
    expect(pnlRate('24.00', '340.00')).toBe('0.0706');
    expect(pnlRate('-3.10', '100.00')).toBe('-0.0310');
    expect(pnlRate('0.00', '0.00')).toBeNull();
    expect(pnlRate('5.00', null)).toBeNull();
  });
});

describe('lots of a fraction of a coin (docs/decisions.md, "Lot sizes")', () => {
  it('counts the minimum opening amount on price × lotSize, rounded up to whole lots', () => {
    // 10.00 USDT at 56,316.00 a coin: 0.001 BTC is 56.316, one lot is enough
    expect(minLotsFor('56316.00', '10.00', '0.001')).toBe(1);
    // 100.00 USDT needs 1.77… lots: 2
    expect(minLotsFor('56316.00', '100.00', '0.001')).toBe(2);
    // exactly the minimum is enough: 100 = 4 lots × 25 × 1
    expect(minLotsFor('25.00', '100.00', '1')).toBe(4);
    expect(minLotsFor('25.00', '100.01', '1')).toBe(5);
  });

  it('names the unit a lot is counted in', () => {
    expect(lotUnit({ assetClass: 'crypto', code: 'BTC-USDT' })).toBe('BTC');
    expect(lotUnit({ assetClass: 'forex', code: 'EURUSD' })).toBe('EUR');
    expect(lotUnit({ assetClass: 'stock', code: 'AAPL' })).toBeNull();
  });
});

describe('trading time before the press (rule 3)', () => {
  const NOW = Date.parse('2026-03-07T12:00:00Z');
  const hours = {
    timezone: 'America/New_York',
    inSession: false,
    sessions: [
      { open: '04:00', close: '09:30' },
      { open: '09:30', close: '16:00' },
    ],
    nextOpenAt: '2026-03-09T08:00:00.000Z',
    nextRegularOpenAt: '2026-03-09T13:30:00.000Z',
  };

  it('closes both order types until the next session, a market order until the regular one', () => {
    expect(orderGate('limit', hours, false, NOW)).toEqual({ kind: 'closed', opensAt: hours.nextOpenAt });
    expect(orderGate('market', hours, false, NOW)).toEqual({ kind: 'closed', opensAt: hours.nextRegularOpenAt });
  });

  it('takes a limit order in the pre-market and tells a market order to wait', () => {
    const pre = Date.parse('2026-03-09T09:00:00Z');
    expect(orderGate('limit', hours, true, pre)).toEqual({ kind: 'open' });
    expect(orderGate('market', hours, true, pre)).toEqual({ kind: 'regularOnly', opensAt: hours.nextRegularOpenAt });
    // the last minute before the opening is still closed; the opening itself is open
    expect(orderGate('market', hours, true, Date.parse(hours.nextRegularOpenAt) - 60_000).kind).toBe('regularOnly');
    expect(orderGate('market', hours, true, Date.parse(hours.nextRegularOpenAt))).toEqual({ kind: 'open' });
  });

  it('sees a close the quote stream reports after the quote was read', () => {
    const open = { ...hours, inSession: true, nextOpenAt: null, nextRegularOpenAt: null };
    expect(orderGate('limit', open, true, NOW)).toEqual({ kind: 'open' });
    expect(orderGate('limit', open, false, NOW).kind).toBe('closed');
  });
});
