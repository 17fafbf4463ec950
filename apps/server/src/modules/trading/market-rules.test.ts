/**
 * The market rules an order copies are read once per version of the settings (issue 29): an
 * operator's change must reach the next order at once, on every market it touches.
 */
import { describe, expect, it } from 'vitest';
import { adminLogin, post, useTestApp } from '../../test/harness.js';
import { marketRules } from './fees.js';

const t = useTestApp(undefined, undefined, { engine: false });

async function config(key: string, value: unknown): Promise<void> {
  const r = await post(
    t.app,
    '/api/admin/config/set',
    { key, value, reason: 'rules test' },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`config: ${JSON.stringify(r.body)}`);
}

describe('marketRules', () => {
  it('follows every change of the settings, and only the market changed', async () => {
    const before = marketRules(t.deps.settings, 'crypto');
    const usd = marketRules(t.deps.settings, 'usd');
    expect(marketRules(t.deps.settings, 'crypto')).toEqual(before);
    const rate = before.buyFeeRate === '0.0007' ? '0.0008' : '0.0007';
    await config('market.crypto.buyFeeRate', rate);
    expect(marketRules(t.deps.settings, 'crypto')).toEqual({ ...before, buyFeeRate: rate });
    expect(marketRules(t.deps.settings, 'usd')).toEqual(usd);
    await config('market.crypto.leverageOptions', [1, 2]);
    expect(marketRules(t.deps.settings, 'crypto').leverageOptions).toEqual([1, 2]);
    expect(marketRules(t.deps.settings, 'crypto').buyFeeRate).toBe(rate);
  });
});
