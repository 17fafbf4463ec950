// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { account, ACCOUNT, assets, UUID } from '../../test-fixtures';
import { SubscriptionRecords } from './SubscriptionRecords';
import { subscriptionRecord } from './test-fixtures';

function renderRecords() {
  return renderAt('/trade/index', [
    page('/trade/index', <SubscriptionRecords />),
    page('/home/newStock', <p>offerings</p>),
  ]);
}

const lost = subscriptionRecord({
  id: 'sb_5',
  state: 'lost',
  allottedQuantity: 0,
  amountPayable: '0.00',
  history: [
    { state: 'applied', at: '2025-03-12T15:00:00Z' },
    { state: 'lost', at: '2025-03-20T15:00:00Z' },
  ],
});

describe('the subscription records', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows each record with its state, allotment, amount payable and history', async () => {
    stubApi({
      '/newShare/records': { data: listPage([subscriptionRecord(), lost]) },
      '/user/assets': { data: assets([account('MXN', '200000.00')]) },
    });
    renderRecords();
    const record = await screen.findByTestId('ns-record-sb_8');
    expect(screen.getByTestId('ns-record-state-sb_8').textContent).toBe('Awaiting payment');
    expect(screen.getByTestId('ns-record-allotted-sb_8').textContent).toBe('6,944');
    expect(screen.getByTestId('ns-record-payable-sb_8').textContent).toBe('Mex$128,464.00');
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(',')[0]),
    ).toEqual(['Applied', 'Pending draw', 'Won', 'Awaiting payment']);
    expect(screen.getByTestId('ns-record-state-sb_5').textContent).toBe('Not won');
    expect(screen.queryByTestId('ns-pay-sb_5')).toBeNull();
  });

  it('disables Pay and says why when the available balance is short', async () => {
    const api = stubApi({
      '/newShare/records': { data: listPage([subscriptionRecord()]) },
      '/user/assets': { data: assets([account('MXN', '100000.00')]) },
    });
    renderRecords();
    await waitFor(() => expect(screen.getByTestId('ns-pay-short-sb_8')).toBeTruthy());
    expect(screen.getByTestId('ns-pay-short-sb_8').textContent).toBe(
      'Available Mex$100,000.00 is less than the Mex$128,464.00 payable. Deposit or exchange funds first.',
    );
    expect((screen.getByTestId('ns-pay-sb_8') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('ns-waive-sb_8') as HTMLButtonElement).disabled).toBe(false);
    expect(api.callsTo('/newShare/pay')).toHaveLength(0);
  });

  it('pays after a confirmation showing the amount and the available balance', async () => {
    const api = stubApi({
      '/newShare/records': { data: listPage([subscriptionRecord()]) },
      '/user/assets': { data: assets([account('MXN', '200000.00')]) },
      '/newShare/pay': {
        data: subscriptionRecord({ state: 'paid', amountPaid: '128464.00' }),
        code: 'result.submit.ok',
      },
    });
    renderRecords();
    const pay = await screen.findByTestId('ns-pay-sb_8');
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    const sheet = await screen.findByTestId('ns-pay-sheet');
    expect(within(sheet).getByTestId('ns-pay-amount').textContent).toBe('Mex$128,464.00');
    expect(within(sheet).getByTestId('ns-pay-available').textContent).toBe('Mex$200,000.00');
    fireEvent.click(within(sheet).getByTestId('ns-pay-confirm'));
    await waitFor(() => expect(api.callsTo('/newShare/pay')).toHaveLength(1));
    expect(api.callsTo('/newShare/pay')[0]).toEqual({ subscriptionId: 'sb_8', requestId: expect.stringMatching(UUID) });
  });

  it('offers the new shares when there is no record', async () => {
    stubApi({ '/newShare/records': { data: listPage([]) }, '/user/assets': { data: assets([]) } });
    renderRecords();
    expect((await screen.findByTestId('state-empty')).textContent).toContain('You have no subscriptions yet.');
  });
});
