import { describe, expect, it } from 'vitest';
import {
  drawBlockedReason,
  isTermDisabled,
  newShareCreateBody,
  newShareFormValuesOf,
  newShareProblems,
  newShareUpdateBody,
} from './newshare-form';
import { offering } from './test-fixtures';

describe('the new-share form', () => {
  it('builds a create body that the contract accepts from a complete form', () => {
    const values = { ...newShareFormValuesOf(offering), reason: 'New IPO' };
    expect(newShareProblems(values)).toEqual({});
    const body = newShareCreateBody(values);
    expect(body).toMatchObject({
      kind: 'ipo',
      code: 'NOVA',
      issuePrice: '18.50',
      minShares: 10000,
      placementTiers: null,
      reason: 'New IPO',
    });
  });

  it('starts a new IPO at the spec minimum of 10,000 shares', () => {
    expect(newShareFormValuesOf(null).minShares).toBe(10000);
  });

  it('names the fields the contract or the calendar would refuse', () => {
    const values = {
      ...newShareFormValuesOf(offering),
      code: 'nova-1',
      applyEnd: '2025-03-09T00:00:00Z',
      listingDate: '2025-03-19',
      issuePrice: '0',
    };
    const problems = newShareProblems(values);
    expect(Object.keys(problems).sort()).toEqual(['applyEnd', 'code', 'issuePrice', 'listingDate']);
  });

  it('asks a placement for at least one tier and checks each tier amount', () => {
    const values = newShareFormValuesOf({ ...offering, kind: 'placement' });
    expect(newShareProblems(values)['tiers.standard']).toMatch(/at least one account type/);
    const withTier = { ...values, tiers: { standard: '500000.00', institutional: 'abc', dma: '' } };
    expect(newShareProblems(withTier)).toEqual({ 'tiers.institutional': 'An amount above 0 with at most 2 decimals' });
  });

  it('sends only what changed and may change: locked terms are left out once anyone applied', () => {
    const applied = { ...offering, applicationsCount: 3 };
    expect(isTermDisabled('issuePrice', applied)).toBe(true);
    expect(isTermDisabled('code', offering)).toBe(true);
    expect(isTermDisabled('issuePrice', offering)).toBe(false);
    const values = { ...newShareFormValuesOf(applied), issuePrice: '19.00', name: 'Nova Energía SA', reason: 'Rename' };
    expect(newShareUpdateBody(applied, values)).toEqual({ id: 'ns_12', name: 'Nova Energía SA', reason: 'Rename' });
    expect(newShareUpdateBody(offering, { ...values, name: offering.name })).toEqual({
      id: 'ns_12',
      issuePrice: '19.00',
      reason: 'Rename',
    });
    expect(newShareUpdateBody(offering, { ...newShareFormValuesOf(offering), issuePrice: '18.5' })).toBeNull();
  });

  it('allows the draw only after the deadline and only once', () => {
    expect(drawBlockedReason({ ...offering, phase: 'open' })).toBe('Applications are still open');
    expect(drawBlockedReason({ ...offering, phase: 'upcoming' })).toBe('Applications are still open');
    expect(drawBlockedReason({ ...offering, phase: 'closed' })).toBeNull();
    expect(drawBlockedReason({ ...offering, drawnAt: '2025-03-20T15:00:00Z', phase: 'drawn' })).toBe('Already drawn');
  });
});
