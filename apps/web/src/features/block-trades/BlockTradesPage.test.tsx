// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import BlockTradesPage from './BlockTradesPage';
import { blockApplication, blockProduct } from './test-fixtures';

const aapl = blockProduct({
  id: 'bp_9',
  kind: 'agreement',
  code: 'AAPL',
  name: 'Apple',
  market: 'usd',
  currency: 'USD',
  price: '190.00',
  currentPrice: '180.00',
  priceLow: '162.00',
  priceHigh: '198.00',
  minShares: 1,
  dailyLimit: null,
  remainingToday: null,
  lockDays: 0,
  open: false,
});

function renderPage(path = '/home/blockTrade') {
  return renderAt(path, [
    page('/home/blockTrade', <BlockTradesPage />),
    page('/home/blockTrade2', <p>apply</p>),
    page('/trade/positionDetail', <p>position</p>),
  ]);
}

describe('the block-trade products', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows each product with deal and live price, gap, minimum, limit with what is left today, lock and state', async () => {
    const api = stubApi({
      '/block/list': (body) => ({
        data: listPage((body as { market?: string }).market === 'usd' ? [aapl] : [blockProduct(), aapl]),
      }),
    });
    renderPage();
    const card = await screen.findByTestId('bt-card-bp_3');
    expect(api.callsTo('/block/list')[0]).toEqual({ page: 1, size: 20 });
    expect(card.textContent).toContain('WALMEX');
    expect(within(card).getByTestId('bt-price-bp_3').textContent).toBe('58.20');
    expect(within(card).getByTestId('bt-gap-bp_3').textContent).toBe('4.67% below live');
    expect(within(card).getByTestId('bt-min-bp_3').textContent).toBe('1,000 shares');
    expect(within(card).getByTestId('bt-limit-bp_3').textContent).toBe('50,0004,500 left today');
    expect(within(card).getByTestId('bt-lock-bp_3').textContent).toBe('3 days');
    expect(within(card).getByTestId('bt-open-bp_3').textContent).toBe('Open');
    const other = screen.getByTestId('bt-card-bp_9');
    expect(within(other).getByTestId('bt-gap-bp_9').textContent).toBe('5.56% above live');
    expect(within(other).getByTestId('bt-min-bp_9').textContent).toBe('1 share');
    expect(within(other).getByTestId('bt-limit-bp_9').textContent).toBe('No limit');
    expect(within(other).getByTestId('bt-lock-bp_9').textContent).toBe('None');
    expect(within(other).getByTestId('bt-open-bp_9').textContent).toBe('Closed');
    expect(other.textContent).toContain('Agreement bidding');

    fireEvent.click(screen.getByTestId('bt-market-usd'));
    await screen.findByTestId('bt-list-usd');
    expect(api.callsTo('/block/list').at(-1)).toEqual({ market: 'usd', page: 1, size: 20 });
    expect(screen.queryByTestId('bt-card-bp_3')).toBeNull();
  });

  it('says when a market has no product', async () => {
    stubApi({ '/block/list': { data: listPage([]) } });
    renderPage('/home/blockTrade?market=eur');
    expect((await screen.findByTestId('state-empty')).textContent).toContain(
      'No block-trade products in this market right now.',
    );
  });

  it('offers a retry when the list fails', async () => {
    stubApi({ '/block/list': { status: 0, code: 'server.error', msg: 'Server error', httpStatus: 500 } });
    renderPage();
    expect(await screen.findByTestId('state-error')).toBeTruthy();
  });
});

describe('the block-trade applications', () => {
  setUpSignedInTests(ACCOUNT);

  const approved = blockApplication({
    id: 'ba_8',
    state: 'approved',
    reviewedAt: '2025-03-14T18:00:00Z',
    orderId: 'o_9Lm',
  });
  const rejected = blockApplication({
    id: 'ba_9',
    state: 'rejected',
    reviewedAt: '2025-03-14T18:00:00Z',
    reason: '<b>Key</b> shared outside the desk',
  });

  it('shows state, amount, fee, times, the reason as plain text and the position of an approved one', async () => {
    const api = stubApi({ '/block/applications': { data: listPage([blockApplication(), approved, rejected]) } });
    renderPage('/home/blockTrade?tab=applications');
    await screen.findByTestId('bt-application-ba_7');
    expect(api.callsTo('/block/applications')[0]).toEqual({ page: 1, size: 20 });
    expect(screen.getByTestId('bt-application-state-ba_7').textContent).toBe('Under review');
    expect(screen.getByTestId('bt-application-amount-ba_7').textContent).toBe('Mex$58,200.00');
    expect(screen.getByTestId('bt-application-fee-ba_7').textContent).toBe('Mex$87.30');
    expect(screen.queryByTestId('bt-application-position-ba_7')).toBeNull();
    const link = screen.getByTestId('bt-application-position-ba_8');
    expect(link.getAttribute('href')).toBe('/trade/positionDetail?id=o_9Lm');
    const reason = screen.getByTestId('bt-application-reason-ba_9');
    expect(reason.textContent).toContain('<b>Key</b> shared outside the desk');
    expect(reason.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByTestId('bt-state-rejected'));
    await screen.findByTestId('bt-state-rejected');
    expect(api.callsTo('/block/applications').at(-1)).toEqual({ states: ['rejected'], page: 1, size: 20 });
  });

  it('offers the products when there is no application', async () => {
    stubApi({ '/block/applications': { data: listPage([]) } });
    renderPage('/home/blockTrade?tab=applications');
    expect((await screen.findByTestId('state-empty')).textContent).toContain(
      'You have no block-trade applications yet.',
    );
    fireEvent.click(screen.getByTestId('bt-browse'));
    expect(await screen.findByTestId('bt-tab-products')).toBeTruthy();
  });
});
