// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../funds/test-fixtures';
import PositionDetailPage from './PositionDetailPage';

const detail = {
  orderId: 'o_7', orderNo: '20250314093000123', instrumentId: 'i_usd_AAPL', code: 'AAPL', name: 'Apple Inc.', market: 'usd', currency: 'USD',
  source: 'order', side: 'long', orderType: 'limit', state: 'holding', lots: 10, leverage: 5, price: '170.00', costPrice: '170.00',
  currentPrice: '172.40', closePrice: null, contractAmount: '1700.00', marketValue: '1724.00', margin: '340.00', openFee: '2.55', closeFee: null,
  stampDuty: null, takeProfit: '180.00', stopLoss: '160.00', yingkui: '24.00', actualProfit: null, todayProfit: '24.00', yesterdayProfit: '0.00',
  expectedIncome: '21.41', createdAt: '2025-03-14T13:30:00Z', openedAt: '2025-03-14T13:30:02Z', closedAt: null, lockUntil: null,
  sellableAt: '2025-03-17T13:30:00Z', cancelReason: null, closeReason: null, stopOutPrice: '142.00',
  history: [
    { state: 'pending', at: '2025-03-14T13:30:00Z', reason: null },
    { state: 'holding', at: '2025-03-14T13:30:02Z', reason: 'limit_reached' },
  ],
};

describe('the position detail', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows the order fields and history, and clears the stop-loss with /trade/setTpSl', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/trade/detail': { data: detail },
      '/trade/setTpSl': { data: { ...detail, stopLoss: null }, code: 'result.edit.ok' },
    });
    renderAt('/trade/positionDetail?id=o_7', [page('/trade/positionDetail', <PositionDetailPage />)]);
    expect((await screen.findByTestId('detail-orderNo')).textContent).toContain('20250314093000123');
    expect(api.callsTo('/trade/detail')).toEqual([{ orderId: 'o_7' }]);
    expect(screen.getByTestId('detail-margin').textContent).toContain('$340.00');
    expect(screen.getByTestId('detail-yingkui').textContent).toContain('+$24.00');
    // the engine's reason codes are translated, never shown raw
    expect(screen.getByTestId('timeline-step-1-holding').textContent).toContain('The price reached your limit');
    expect(screen.getByTestId('timeline-step-1-holding').textContent).not.toContain('limit_reached');
    await user.clear(screen.getByTestId('detail-sl'));
    fireEvent.click(screen.getByTestId('detail-tpsl-save'));
    await waitFor(() => expect(api.callsTo('/trade/setTpSl')).toEqual([{ orderId: 'o_7', takeProfit: '180.00', stopLoss: null }]));
  });
});
