// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { nextSessionOpen } from './order-rules';
import PositionDetailPage from './PositionDetailPage';

const detail = {
  orderId: 'o_7',
  orderNo: '20250314093000123',
  instrumentId: 'i_usd_AAPL',
  code: 'AAPL',
  name: 'Apple Inc.',
  market: 'usd',
  currency: 'USD',
  source: 'order',
  side: 'long',
  orderType: 'limit',
  state: 'holding',
  lots: 10,
  lotSize: '1',
  leverage: 5,
  price: '170.00',
  costPrice: '170.00',
  currentPrice: '172.40',
  closePrice: null,
  contractAmount: '1700.00',
  marketValue: '1724.00',
  margin: '340.00',
  openFee: '2.55',
  closeFee: null,
  stampDuty: null,
  takeProfit: '180.00',
  stopLoss: '160.00',
  yingkui: '24.00',
  actualProfit: null,
  todayProfit: '24.00',
  yesterdayProfit: '0.00',
  expectedIncome: '21.41',
  createdAt: '2025-03-14T13:30:00Z',
  openedAt: '2025-03-14T13:30:02Z',
  closedAt: null,
  lockUntil: null,
  sellableAt: '2025-03-17T13:30:00Z',
  cancelReason: null,
  closeReason: null,
  stopOutPrice: '142.00',
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
    expect(screen.getByTestId('detail-profitLoss').textContent).toContain('+$24.00');
    // the engine's reason codes are translated, never shown raw
    expect(screen.getByTestId('timeline-step-1-holding').textContent).toContain('The price reached your limit');
    expect(screen.getByTestId('timeline-step-1-holding').textContent).not.toContain('limit_reached');
    await user.clear(screen.getByTestId('detail-sl'));
    fireEvent.click(screen.getByTestId('detail-tpsl-save'));
    await waitFor(() =>
      expect(api.callsTo('/trade/setTpSl')).toEqual([{ orderId: 'o_7', takeProfit: '180.00', stopLoss: null }]),
    );
  });

  it('in German shows take-profit and stop-loss with a decimal comma and saves them with a point (issue 30)', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/trade/detail': { data: detail },
      '/trade/setTpSl': { data: detail, code: 'result.edit.ok' },
    });
    sessionStore.getState().setLanguage('de');
    renderAt('/trade/positionDetail?id=o_7', [page('/trade/positionDetail', <PositionDetailPage />)]);
    const tp = (await screen.findByTestId('detail-tp')) as HTMLInputElement;
    expect(tp.value).toBe('180,00');
    const sl = screen.getByTestId('detail-sl') as HTMLInputElement;
    await user.clear(tp);
    await user.type(tp, '181,5');
    expect(tp.value).toBe('181,5');
    await user.clear(sl);
    await user.type(sl, '150.25');
    expect(sl.value).toBe('150,25');
    fireEvent.click(screen.getByTestId('detail-tpsl-save'));
    await waitFor(() =>
      expect(api.callsTo('/trade/setTpSl')).toEqual([{ orderId: 'o_7', takeProfit: '181.5', stopLoss: '150.25' }]),
    );
  });

  it('leads with the P&L and a Close that says when it becomes possible, the rest folded', async () => {
    stubApi({ '/trade/detail': { data: { ...detail, sellableAt: '2999-03-17T13:30:00Z' } } });
    renderAt('/trade/positionDetail?id=o_7', [page('/trade/positionDetail', <PositionDetailPage />)]);
    expect((await screen.findByTestId('detail-headline')).textContent).toBe('+$24.00');
    expect(screen.getByTestId('detail-headline-rate').textContent).toBe('(+7.06%)');
    const close = screen.getByTestId('position-close-o_7') as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    expect(screen.getByTestId('position-sellable-o_7').textContent).toMatch(/^Sellable from 03\/1[78]\/2999, /);
    expect(screen.getByTestId('detail-more').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('detail-more').contains(screen.getByTestId('detail-orderNo'))).toBe(true);
    expect(screen.getByTestId('detail-more').contains(screen.getByTestId('detail-margin'))).toBe(false);
  });

  it("disables Close while the market is closed and says when it opens, in the reader's clock", async () => {
    // The quote's rules: New York's regular session, out of session now. Its next opening, in local time:
    const rules = {
      timezone: 'America/New_York',
      inSession: false,
      sessions: [{ name: 'regular', open: '09:30', close: '16:00' }],
    };
    const opens = new Date(nextSessionOpen(rules, Date.now()) ?? 0);
    const clock = `${String(opens.getHours()).padStart(2, '0')}:${String(opens.getMinutes()).padStart(2, '0')}`;
    const api = stubApi({
      '/trade/detail': { data: { ...detail, sellableAt: null } },
      '/market/quote': { data: { instrumentId: 'i_usd_AAPL', inSession: false, session: null, rules } },
    });
    renderAt('/trade/positionDetail?id=o_7', [page('/trade/positionDetail', <PositionDetailPage />)]);
    const note = await screen.findByTestId('position-sellable-o_7');
    expect(note.textContent).toBe(`Market closed, opens at ${clock}`);
    const close = screen.getByTestId('position-close-o_7') as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    expect(close.getAttribute('aria-describedby')).toBe(note.id);
    expect(api.callsTo('/market/quote')).toEqual([{ instrumentId: 'i_usd_AAPL' }]);
  });

  it('closes from the detail after the confirmation once sellable', async () => {
    const api = stubApi({
      '/trade/detail': { data: { ...detail, sellableAt: null } },
      '/trade/close': { data: { ...detail, state: 'closing' }, code: 'result.close.ok' },
    });
    renderAt('/trade/positionDetail?id=o_7', [page('/trade/positionDetail', <PositionDetailPage />)]);
    const close = (await screen.findByTestId('position-close-o_7')) as HTMLButtonElement;
    expect(close.disabled).toBe(false);
    fireEvent.click(close);
    expect((await screen.findByTestId('position-sheet-text')).textContent).toContain('10 shares');
    fireEvent.click(screen.getByTestId('position-confirm'));
    await waitFor(() => expect(api.callsTo('/trade/close')).toHaveLength(1));
  });

  it('offers the positions instead of a skeleton when opened without an id', async () => {
    const api = stubApi({ '/trade/detail': { data: detail } });
    renderAt('/trade/positionDetail', [
      page('/trade/positionDetail', <PositionDetailPage />),
      page('/trade/index', <p data-testid="positions" />),
    ]);
    const way = await screen.findByTestId('detail-missing-id');
    expect(way.textContent).toContain('No position was chosen');
    fireEvent.click(screen.getByTestId('detail-missing-positions'));
    expect(await screen.findByTestId('positions')).toBeTruthy();
    expect(api.callsTo('/trade/detail')).toHaveLength(0);
  });
});
