// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi, useOfflineQuotes, type Answer } from '../../test-support';
import { ACCOUNT, userInfo, UUID } from '../../test-fixtures';
import BuyStockPage from './BuyStockPage';

const quote = {
  instrumentId: 'i_usd_AAPL',
  code: 'AAPL',
  name: 'Apple Inc.',
  market: 'usd',
  board: 'listed',
  assetClass: 'stock',
  currency: 'USD',
  tradable: true,
  status: 'trading',
  price: '170.00',
  change: '1.00',
  changeRate: '0.0059',
  volume: '1000',
  turnover: '170000.00',
  updatedAt: '2025-03-14T15:30:00Z',
  stale: false,
  priceScale: 2,
  lotSize: '1',
  open: '169.00',
  prevClose: '169.00',
  high: '171.00',
  low: '168.00',
  marketCap: null,
  high52w: null,
  low52w: null,
  foreignOwnershipRatio: null,
  industry: null,
  sharesOutstanding: null,
  limitUp: null,
  limitDown: null,
  listingDate: null,
  bid: '169.99',
  ask: '170.01',
  inSession: true,
  session: 'regular',
  tradingDay: '2025-03-14',
  watched: false,
  rules: {
    timezone: 'America/New_York',
    inSession: true,
    nextOpenAt: null,
    nextRegularOpenAt: null,
    sessions: [],
    leverageOptions: [1, 2, 5, 10],
    minOpeningAmount: '100.00',
    buyFeeRate: '0.0015',
    sellFeeRate: '0.0015',
    stampDutyRate: '0',
    minHoldMinutes: 0,
    tPlusNDays: 0,
    priceLimitRate: null,
  },
};

function previewOf(body: unknown): Answer {
  const b = body as { lots: number; leverage: number; takeProfit?: string };
  return {
    data: {
      currency: 'USD',
      price: '170.00',
      contractAmount: `${170 * b.lots}.00`,
      margin: `${(170 * b.lots) / b.leverage}.00`,
      openFee: '0.51',
      estCloseFee: '0.51',
      estStampDuty: '0.00',
      total: '68.51',
      available: '5000.00',
      maxLots: 145,
      lotSize: '1',
      leverageOptions: [1, 2, 5, 10],
      stopOutPrice: '203.20',
      lossAtStopLoss: null,
      profitAtTakeProfit: b.takeProfit ? '18.98' : null,
      worstCaseLoss: '69.53',
    },
  };
}

const order = {
  orderId: 'o_1',
  orderNo: '20250314093000123',
  instrumentId: 'i_usd_AAPL',
  code: 'AAPL',
  name: 'Apple Inc.',
  market: 'usd',
  currency: 'USD',
  source: 'order',
  side: 'short',
  orderType: 'limit',
  state: 'pending',
  lots: 2,
  lotSize: '1',
  leverage: 5,
  price: '170.00',
  costPrice: null,
  currentPrice: '170.00',
  closePrice: null,
  contractAmount: '340.00',
  marketValue: '340.00',
  margin: '68.00',
  openFee: '0.51',
  closeFee: null,
  stampDuty: null,
  takeProfit: '160',
  stopLoss: null,
  yingkui: '0.00',
  actualProfit: null,
  todayProfit: '0.00',
  yesterdayProfit: '0.00',
  expectedIncome: '0.00',
  createdAt: '2025-03-14T15:31:00Z',
  openedAt: null,
  closedAt: null,
  lockUntil: null,
  sellableAt: null,
  cancelReason: null,
  closeReason: null,
  stopOutPrice: null,
};

function renderBuy() {
  return renderAt('/market/buyStockDetail?id=i_usd_AAPL&side=short', [
    page('/market/buyStockDetail', <BuyStockPage />),
    page('/trade/index', <div data-testid="trade-index" />),
  ]);
}

const expectedBody = {
  instrumentId: 'i_usd_AAPL',
  side: 'short',
  orderType: 'limit',
  price: '170.00',
  lots: 2,
  leverage: 5,
  takeProfit: '160',
};

async function fillForm() {
  const user = userEvent.setup({ delay: null });
  await waitFor(() => expect((screen.getByTestId('order-price') as HTMLInputElement).value).toBe('170.00'));
  expect(screen.getByTestId('order-side-short').getAttribute('aria-checked')).toBe('true');
  const plus = screen.getByTestId('order-lots-plus');
  fireEvent.pointerDown(plus);
  fireEvent.pointerUp(plus);
  await user.click(await screen.findByTestId('order-leverage-5'));
  await user.type(screen.getByTestId('order-tp'), '160');
}

describe('the order form', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
    useOfflineQuotes();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requests the preview with the form values (debounced) and shows its ticket', async () => {
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': previewOf,
    });
    renderBuy();
    await fillForm();
    await waitFor(() => expect(api.callsTo('/trade/preview').at(-1)).toEqual(expectedBody));
    // Debounced: typing "160" and the other changes did not each send a preview.
    expect(api.callsTo('/trade/preview').length).toBeLessThanOrEqual(3);
    const typedTp = (api.callsTo('/trade/preview') as { takeProfit?: string }[]).map((b) => b.takeProfit);
    expect(typedTp).not.toContain('1');
    expect(typedTp).not.toContain('16');
    await waitFor(() => expect(screen.getByTestId('ticket-margin').textContent).toContain('$68.00'));
    expect(screen.getByTestId('ticket-worst-case').textContent).toContain('$69.53');
    expect(screen.getByTestId('ticket-stop-out').textContent).toContain('203.20');
    expect(screen.getByTestId('ticket-profit-at-tp').textContent).toContain('$18.98');
    expect(screen.getByTestId('ticket-available').textContent).toContain('145');
  });

  it('sends /trade/buy with a requestId and reuses it after a network error', async () => {
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': previewOf,
      '/trade/buy': { data: order, code: 'result.sell.ok' },
    });
    const answer = api.fetchMock.getMockImplementation();
    let failed = false;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/vue/trade/buy' && !failed) {
        failed = true;
        throw new TypeError('Failed to fetch');
      }
      if (!answer) throw new Error('no stub');
      return answer(input, init);
    });
    renderBuy();
    await fillForm();
    await waitFor(() => expect(api.callsTo('/trade/preview').at(-1)).toEqual(expectedBody));
    const submit = screen.getByTestId('order-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    const sheet = await screen.findByTestId('order-sheet');
    expect(within(sheet).getByTestId('confirm-ticket-worst-case').textContent).toContain('$69.53');
    expect(api.callsTo('/trade/buy')).toHaveLength(0);

    fireEvent.click(within(sheet).getByTestId('order-confirm'));
    await waitFor(() => expect(api.callsTo('/trade/buy')).toHaveLength(1));
    // The network error keeps the sheet open; confirming again resends the same id.
    const again = await screen.findByTestId('order-confirm');
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(api.callsTo('/trade/buy')).toHaveLength(2));
    const [first, second] = api.callsTo('/trade/buy') as { requestId: string }[];
    expect(first).toEqual({ ...expectedBody, requestId: expect.stringMatching(UUID) });
    expect(second?.requestId).toBe(first?.requestId);
    expect(await screen.findByTestId('trade-index')).toBeTruthy();
  });

  it('shows the real-name gate instead of the form until the name is verified', async () => {
    stubApi({ '/user/getUserinfo': { data: userInfo('none') }, '/market/quote': { data: quote } });
    renderBuy();
    expect(await screen.findByTestId('kyc-gate')).toBeTruthy();
    expect(screen.queryByTestId('order-submit')).toBeNull();
  });

  it('refuses a take-profit or stop-loss on the wrong side as it is typed, and never prices it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': previewOf,
    });
    renderBuy();
    await waitFor(() => expect((screen.getByTestId('order-price') as HTMLInputElement).value).toBe('170.00'));
    // short: the take-profit must be below the limit price
    await user.type(screen.getByTestId('order-tp'), '180');
    expect(screen.getByTestId('order-tp-error').textContent).toBe(
      'For a short position the take-profit must be below 170.00.',
    );
    expect(screen.getByTestId('order-tp').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByTestId('order-sl'), '150');
    expect(screen.getByTestId('order-sl-error').textContent).toBe(
      'For a short position the stop-loss must be above 170.00.',
    );
    await waitFor(() => expect(api.callsTo('/trade/preview').length).toBeGreaterThan(0));
    const submit = screen.getByTestId('order-submit') as HTMLButtonElement;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(submit.disabled).toBe(true);
    for (const body of api.callsTo('/trade/preview') as { takeProfit?: string; stopLoss?: string }[]) {
      expect(body.takeProfit).toBeUndefined();
      expect(body.stopLoss).toBeUndefined();
    }
    // fixed: the errors go, the values are priced
    await user.clear(screen.getByTestId('order-tp'));
    await user.type(screen.getByTestId('order-tp'), '160');
    await user.clear(screen.getByTestId('order-sl'));
    await user.type(screen.getByTestId('order-sl'), '175');
    expect(screen.queryByTestId('order-tp-error')).toBeNull();
    expect(screen.queryByTestId('order-sl-error')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('/trade/preview').at(-1)).toMatchObject({ takeProfit: '160', stopLoss: '175' }),
    );
    await waitFor(() => expect(submit.disabled).toBe(false));
    // a long flips the sides
    await user.click(screen.getByTestId('order-side-long'));
    expect(screen.getByTestId('order-tp-error').textContent).toBe(
      'For a long position the take-profit must be above 170.00.',
    );
    expect(submit.disabled).toBe(true);
  });

  it('starts at the fewest shares that meet the minimum opening amount and shows it', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: { ...quote, price: '30.00' } },
      '/trade/preview': previewOf,
    });
    renderBuy();
    await waitFor(() => expect((screen.getByTestId('order-lots') as HTMLInputElement).value).toBe('4'));
    expect(screen.getByTestId('order-min-lots').textContent).toBe(
      'Minimum order value $100.00: at least 4 shares at this price',
    );
    fireEvent.pointerDown(screen.getByTestId('order-lots-minus'));
    fireEvent.pointerUp(screen.getByTestId('order-lots-minus'));
    expect(screen.getByTestId('order-min-lots').getAttribute('data-below')).toBe('1');
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('order-use-min'));
    expect((screen.getByTestId('order-lots') as HTMLInputElement).value).toBe('4');
    // a higher limit price needs fewer: one share, said in the singular
    await user.clear(screen.getByTestId('order-price'));
    await user.type(screen.getByTestId('order-price'), '150');
    expect(screen.getByTestId('order-min-lots').textContent).toBe(
      'Minimum order value $100.00: at least 1 share at this price',
    );
  });

  it("with the market closed says when it opens in the user's language and time, and keeps the button disabled", async () => {
    const opens = '2025-03-17T13:30:00Z';
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': {
        data: {
          ...quote,
          inSession: false,
          session: null,
          rules: { ...quote.rules, inSession: false, nextOpenAt: '2999-03-17T08:00:00Z', nextRegularOpenAt: opens },
        },
      },
      '/trade/preview': previewOf,
    });
    sessionStore.getState().setLanguage('de');
    renderBuy();
    const gate = await screen.findByTestId('order-gate');
    expect(gate.getAttribute('data-gate')).toBe('closed');
    const when = new Intl.DateTimeFormat('de', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date('2999-03-17T08:00:00Z'));
    expect(gate.textContent).toBe(`Der Markt ist geschlossen. Er öffnet ${when} (Ihre Zeit).`);
    await waitFor(() => expect(screen.getByTestId('ticket-available').textContent).toContain('145'));
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes a limit order outside the regular session but says a market order waits for it', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': {
        data: { ...quote, session: 'pre', rules: { ...quote.rules, nextRegularOpenAt: '2999-03-17T13:30:00Z' } },
      },
      '/trade/preview': previewOf,
    });
    renderBuy();
    const submit = (await screen.findByTestId('order-submit')) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.queryByTestId('order-gate')).toBeNull();
    await user.click(screen.getByTestId('order-type-market'));
    expect(screen.getByTestId('order-gate').getAttribute('data-gate')).toBe('regularOnly');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(submit.disabled).toBe(true);
  });

  it('with nothing in the currency disables the button and offers a deposit and an exchange', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': (body: unknown) => {
        const answer = previewOf(body) as { data: Record<string, unknown> };
        return { data: { ...answer.data, available: '0.00', maxLots: 0 } };
      },
    });
    renderBuy();
    const funds = await screen.findByTestId('order-funds');
    expect(funds.getAttribute('data-empty')).toBe('1');
    expect(funds.textContent).toContain('You have no USD yet.');
    // both open with the instrument's currency chosen
    expect(screen.getByTestId('order-deposit').getAttribute('href')).toBe('/information/recharge?currency=USD');
    expect(screen.getByTestId('order-exchange').getAttribute('href')).toBe('/information/exChange?to=USD');
    expect(screen.getByTestId('ticket-available').textContent).toBe('Available $0.00 · up to 0 shares');
    const submit = screen.getByTestId('order-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // the reason sits beside the disabled button too, which names it, with the ways to USD where a
    // phone shows them without scrolling
    const reason = screen.getByTestId('order-submit-reason');
    const described = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('You have no USD yet. Deposit USD or exchange another currency into it.');
    expect(reason.contains(described)).toBe(true);
    expect(within(reason).getByTestId('order-footer-deposit').getAttribute('href')).toBe(
      '/information/recharge?currency=USD',
    );
    expect(within(reason).getByTestId('order-footer-exchange').getAttribute('href')).toBe(
      '/information/exChange?to=USD',
    );
  });

  it('refuses more lots than the balance covers before the press, and accepts the maximum', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': (body: unknown) => {
        const answer = previewOf(body) as { data: Record<string, unknown> };
        return { data: { ...answer.data, available: '200.00', total: '340.51', maxLots: 1 } };
      },
    });
    renderBuy();
    const submit = (await screen.findByTestId('order-submit')) as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('ticket-available').getAttribute('data-max-lots')).toBe('1'));
    expect(screen.queryByTestId('order-funds')).toBeNull();
    await waitFor(() => expect(submit.disabled).toBe(false));
    const plus = screen.getByTestId('order-lots-plus');
    fireEvent.pointerDown(plus);
    fireEvent.pointerUp(plus);
    const funds = await screen.findByTestId('order-funds');
    expect(funds.getAttribute('data-empty')).toBe('0');
    expect(funds.textContent).toContain(
      'Not enough USD: this order needs $340.51 (margin and opening fee), you have $200.00.',
    );
    expect(submit.disabled).toBe(true);
  });

  it('counts a crypto order in lots of a fraction of a coin and shows what one lot is', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': {
        data: {
          ...quote,
          instrumentId: 'i_crypto_BTC-USDT',
          code: 'BTC-USDT',
          name: 'Bitcoin',
          market: 'crypto',
          assetClass: 'crypto',
          currency: 'USDT',
          price: '56316.00',
          lotSize: '0.001',
          rules: { ...quote.rules, minOpeningAmount: '100.00' },
        },
      },
      '/trade/preview': previewOf,
    });
    renderAt('/market/buyStockDetail?id=i_crypto_BTC-USDT', [page('/market/buyStockDetail', <BuyStockPage />)]);
    expect((await screen.findByTestId('order-lot-size')).textContent).toBe('1 lot = 0.001 BTC');
    // 100.00 USDT at 56.316 USDT a lot: 2 lots
    await waitFor(() => expect((screen.getByTestId('order-lots') as HTMLInputElement).value).toBe('2'));
    expect(screen.getByTestId('order-min-lots').textContent).toBe(
      'Minimum order value 100.00 USDT: at least 2 lots at this price',
    );
  });

  it('takes and shows a limit price the German way, and sends it with a decimal point', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: { ...quote, price: '170.25' } },
      '/trade/preview': previewOf,
    });
    sessionStore.getState().setLanguage('de');
    renderBuy();
    const price = (await screen.findByTestId('order-price')) as HTMLInputElement;
    // the quote's price, as German writes it
    await waitFor(() => expect(price.value).toBe('170,25'));
    expect(price.placeholder).toBe('0,00');
    await user.clear(price);
    await user.type(price, '61,5');
    expect(price.value).toBe('61,5');
    await waitFor(() => expect(api.callsTo('/trade/preview').at(-1)).toMatchObject({ price: '61.5' }));
    // a point typed on a keypad that has one is the decimal mark too, shown as a comma
    await user.clear(price);
    await user.type(price, '61.75');
    expect(price.value).toBe('61,75');
    await waitFor(() => expect(api.callsTo('/trade/preview').at(-1)).toMatchObject({ price: '61.75' }));
    // a pasted German number with digit grouping
    await user.clear(price);
    await user.click(price);
    await user.paste('1.234,5');
    expect(price.value).toBe('1234,5');
    await waitFor(() => expect(api.callsTo('/trade/preview').at(-1)).toMatchObject({ price: '1234.5' }));
    // a point typed in the middle keeps the caret where it was
    await user.clear(price);
    await user.type(price, '615');
    price.setSelectionRange(2, 2);
    await user.type(price, '.', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(price.value).toBe('61,5');
    expect(price.selectionStart).toBe(3);
    // "use the current price" and the take-profit field write it the same way
    await user.click(screen.getByTestId('order-use-current'));
    expect(price.value).toBe('170,25');
    await user.type(screen.getByTestId('order-tp'), '160,5');
    expect((screen.getByTestId('order-tp') as HTMLInputElement).value).toBe('160,5');
    await waitFor(() =>
      expect(api.callsTo('/trade/preview').at(-1)).toMatchObject({ price: '170.25', takeProfit: '160.5' }),
    );
  });

  it('in English shows the point whichever mark was typed', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/market/quote': { data: quote },
      '/trade/preview': previewOf,
    });
    renderBuy();
    const price = (await screen.findByTestId('order-price')) as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe('170.00'));
    await user.clear(price);
    await user.type(price, '61,5');
    expect(price.value).toBe('61.5');
  });
});
