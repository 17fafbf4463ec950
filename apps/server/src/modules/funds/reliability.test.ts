/** Issue 18 item 5 in the funds calls: CSV cells, record ids, every bad field named. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, registerUser, useTestApp } from '../../test/harness.js';
import { statementCsv } from './statement.service.js';

const t = useTestApp(undefined, undefined, { engine: false });

describe('the CSV statement (issue 18)', () => {
  it('neutralises cells a spreadsheet would run as a formula, and keeps plain numbers', () => {
    const line = (remark: string, change: string) => ({
      at: '2026-03-02T15:00:00.000Z',
      entryId: 'e_1',
      kind: 'deposit',
      orderNo: '@SUM(A1)',
      remark,
      availableChange: change,
      frozenChange: '0.00',
      availableAfter: '10.00',
      frozenAfter: '0.00',
    });
    const csv = statementCsv({
      currency: 'MXN',
      from: '2026-03-01',
      to: '2026-03-02',
      timezone: 'America/Mexico_City',
      opening: { available: '0.00', frozen: '0.00' },
      closing: { available: '10.00', frozen: '0.00' },
      lines: [
        line('=HYPERLINK("http://x")', '-12.50'),
        line('+1+1', '10.00'),
        line('-2+3', '1.00'),
        line('\tcmd', '1.00'),
      ],
    });
    const rows = csv.trim().split('\n');
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(rows[2]).toContain(`'@SUM(A1)`);
    expect(rows[2]).toContain(',-12.50,');
    expect(rows[3]).toContain(`'+1+1`);
    expect(rows[4]).toContain(`'-2+3`);
    expect(rows[5]).toContain(`'\tcmd`);
  });
});

describe('fund records (issue 18)', () => {
  it('gives each leg of an exchange its own id', async () => {
    await configureChannels(t.app);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '1000.00');
    const ex = await post(
      t.app,
      '/funds/exchange',
      { from: 'MXN', to: 'USD', amount: '100.00', requestId: randomUUID() },
      u.headers,
    );
    expect(ex.body.status).toBe(1);
    const list = (await post(t.app, '/funds/records', { tab: 'trade', page: 1, size: 50 }, u.headers)).body.data as {
      list: { id: string }[];
    };
    const ids = list.list.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every bad field is named (issue 18)', () => {
  it('unknown_upload names both KYC images when both are bad', async () => {
    const u = await registerUser(t.app);
    const r = await post(
      t.app,
      '/user/kycSubmit',
      { name: 'Ana López', idNumber: 'LOPA850101HDF7', frontImageId: 'img_nope1', backImageId: 'img_nope2' },
      u.headers,
    );
    expect(r.http).toBe(400);
    expect(r.body.params).toEqual({ fields: { frontImageId: 'unknown_upload', backImageId: 'unknown_upload' } });
  });

  it('exclusive names both the card and the wallet', async () => {
    const u = await registerUser(t.app);
    const r = await post(
      t.app,
      '/funds/withdraw',
      { amount: '10.00', currency: 'USDT', fundPassword: '123456', cardId: 'c_1', walletId: 'w_1' },
      u.headers,
    );
    expect(r.http).toBe(400);
    expect((r.body.params as { fields: Record<string, string> }).fields).toMatchObject({
      cardId: 'exclusive',
      walletId: 'exclusive',
    });
  });
});
