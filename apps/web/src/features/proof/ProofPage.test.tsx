// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { leafPreimage, nodePreimage, PAD_PREIMAGE, type ProofMine, type ProofSummary } from '@brokerage/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import ProofPage from './ProofPage';

const h = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const nonce = 'ab'.repeat(32);
const other = { hash: h(leafPreimage('cd'.repeat(32), '40.00')), sum: '40.00' };
const myLeaf = { nonce, balance: '60.50', hash: h(leafPreimage(nonce, '60.50')) };
// two leaves in hash order, then the root
const [left, right] = [{ hash: myLeaf.hash, sum: myLeaf.balance }, other].sort((a, b) =>
  a.hash < b.hash ? -1 : 1,
) as [typeof other, typeof other];
const root = h(nodePreimage(left.hash, left.sum, right.hash, right.sum));
const mine: ProofMine = {
  leaf: myLeaf,
  path: [{ side: left.hash === other.hash ? 'left' : 'right', hash: other.hash, sum: other.sum }],
  root,
  total: '100.50',
};
const proof = (reserves: string): ProofSummary => ({
  proofId: 'pf_1',
  asOf: '2026-03-02T00:00:00Z',
  currencies: [
    { currency: 'MXN', root, total: '100.50', leaves: 2, flooredAccounts: 0 },
    { currency: 'USD', root: h(PAD_PREIMAGE), total: '0.00', leaves: 1, flooredAccounts: 1 },
  ],
  reserves: [{ currency: 'MXN', amount: reserves }],
});

function renderProof() {
  return renderAt('/information/proof', [page('/information/proof', <ProofPage />)]);
}

describe('the proof of funds page', () => {
  setUpSignedInTests(ACCOUNT);

  it('verifies the balance on the device and says it is included; reserves below the total are said', async () => {
    stubApi({
      '/proof/latest': { data: proof('90.00') },
      '/proof/mine': (body) =>
        (body as { currency: string }).currency === 'MXN'
          ? { data: mine }
          : { status: 0, code: 'record.not_found', msg: 'Record not found.' },
    });
    renderProof();
    expect((await screen.findByTestId('proof-included-MXN', {}, { timeout: 8000 })).textContent).toContain('60.50');
    expect(screen.getByTestId('proof-reserve-MXN').textContent).toContain('below');
    expect(screen.getByTestId('proof-USD').textContent).toContain('no account');
    expect(screen.getByTestId('proof-USD').textContent).toContain('counted as 0');
  });

  it('says the balance could not be verified when a sum was changed by one cent', async () => {
    const tampered = { ...mine, path: [{ ...mine.path[0]!, sum: '40.01' }] };
    stubApi({ '/proof/latest': { data: proof('200.00') }, '/proof/mine': { data: tampered } });
    renderProof();
    expect(await screen.findByTestId('proof-failed-MXN', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('proof-reserve-MXN').textContent).toContain('cover');
  });

  it('shows the empty and error states', async () => {
    stubApi({ '/proof/latest': { data: null } });
    const { unmount } = renderProof();
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No proof');
    unmount();
    stubApi({ '/proof/latest': { status: 0, code: 'server.error', msg: 'x', httpStatus: 500 } });
    renderProof();
    expect(await screen.findByTestId('state-error')).toBeTruthy();
  });
});
