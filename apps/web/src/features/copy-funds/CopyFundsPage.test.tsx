// @vitest-environment jsdom
import { copyPayout, Money } from '@brokerage/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, openDialog, page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { sessionStore } from '../../store/session';
import { account, ACCOUNT, assets, userInfo, UUID } from '../../test-fixtures';
import CopyFundsPage from './CopyFundsPage';
import { copyDetail, copyFund, copySubscription, rates } from './test-fixtures';

const reversion = copyFund({
  id: 'cf_demo_reversion',
  name: 'Crypto Rebound',
  strategyNo: 'MR-5',
  currency: 'USDT',
  minAmount: '100.00',
  lockupDays: 0,
  dailyProfitRate: '-0.0045',
  open: false,
  remaining: '0.00',
});

function renderPage(path = '/home/fllow') {
  return renderAt(path, [page('/home/fllow', <CopyFundsPage />), page('/information/authInfo', <p>auth</p>)]);
}

function detailAnswers(
  detail: Record<string, unknown> = {},
  extra: Record<string, Answer | ((body: unknown) => Answer)> = {},
) {
  return {
    '/copy/detail': { data: copyDetail(detail) },
    '/user/getUserinfo': { data: userInfo('verified') },
    '/user/assets': { data: assets([account('MXN', '200000.00'), account('USD', '5000.00')]) },
    ...extra,
  };
}

const typeAmount = (value: string) => fireEvent.change(screen.getByTestId('cf-amount'), { target: { value } });
const submit = () => screen.getByTestId('cf-submit') as HTMLButtonElement;

describe('the copy-trading funds', () => {
  setUpSignedInTests(ACCOUNT);

  it('lists each fund with strategy number, currency, daily result in colour, target, minimum, lock-up, deadline, capacity and state', async () => {
    const api = stubApi({ '/copy/list': { data: listPage([copyFund(), reversion]) } });
    renderPage();
    const card = await screen.findByTestId('cf-card-cf_demo_momentum');
    expect(api.callsTo('/copy/list')[0]).toEqual({ page: 1, size: 20 });
    expect(card.textContent).toContain('MOM-20');
    expect(card.textContent).toContain('USD');
    const daily = within(card).getByTestId('cf-daily-cf_demo_momentum');
    expect(daily.textContent).toBe('+0.12%, up');
    expect(daily.className).toContain('up');
    expect(within(card).getByTestId('cf-expected-cf_demo_momentum').textContent).toBe('12.00%target, not guaranteed');
    expect(within(card).getByTestId('cf-min-cf_demo_momentum').textContent).toBe('$1,000.00');
    expect(within(card).getByTestId('cf-lockup-cf_demo_momentum').textContent).toBe('7 days');
    expect(within(card).getByTestId('cf-remaining-cf_demo_momentum').textContent).toBe('$4,990,000.00');
    expect(within(card).getByTestId('cf-deadline-cf_demo_momentum').textContent).toMatch(/^03\/3\d\/2099, /);
    expect(within(card).getByTestId('cf-open-cf_demo_momentum').textContent).toBe('Open');
    const other = screen.getByTestId('cf-card-cf_demo_reversion');
    expect(within(other).getByTestId('cf-daily-cf_demo_reversion').className).toContain('down');
    expect(within(other).getByTestId('cf-lockup-cf_demo_reversion').textContent).toBe('None');
    expect(within(other).getByTestId('cf-open-cf_demo_reversion').textContent).toBe('Closed');
    expect(within(other).getByTestId('cf-remaining-cf_demo_reversion').textContent).toBe('0.00 USDT');
  });

  it("shows each fund's name in the app's language, and the English name where the operator wrote none", async () => {
    sessionStore.getState().setLanguage('zh');
    try {
      stubApi({
        '/copy/list': {
          data: listPage([
            copyFund({ name: 'US Momentum 20', names: { zh: '美股動能 20', de: 'US-Momentum 20' } }),
            reversion,
          ]),
        },
      });
      renderPage();
      const card = await screen.findByTestId('cf-card-cf_demo_momentum');
      expect(within(card).getByRole('heading').textContent).toBe('美股動能 20');
      const other = screen.getByTestId('cf-card-cf_demo_reversion');
      expect(within(other).getByRole('heading').textContent).toBe(reversion.name);
    } finally {
      sessionStore.getState().setLanguage('en');
    }
  });

  it('says when there is no fund', async () => {
    stubApi({ '/copy/list': { data: listPage([]) } });
    renderPage();
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No copy-trading funds right now.');
  });
});

describe('one fund', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows every term, the strategy in words, the NAV chart with its backtest days and the positions', async () => {
    const api = stubApi(detailAnswers());
    renderPage('/home/fllow?id=cf_demo_momentum');
    await screen.findByTestId('cf-amount');
    expect(api.callsTo('/copy/detail')[0]).toEqual({ id: 'cf_demo_momentum' });
    expect(screen.getByTestId('cf-term-strategy').textContent).toContain('MOM-20');
    expect(screen.getByTestId('cf-term-size').textContent).toContain('$5,000,000.00');
    expect(screen.getByTestId('cf-term-min').textContent).toContain('$1,000.00');
    expect(screen.getByTestId('cf-term-lockup').textContent).toContain('7 days');
    expect(screen.getByTestId('cf-term-cycle').textContent).toContain('90 days');
    expect(screen.getByTestId('cf-term-end').textContent).toContain('/2099, ');
    expect(screen.getByTestId('cf-term-nav').textContent).toContain('1.0212');
    expect(screen.getByTestId('cf-strategy').textContent).toBe(
      "Holds the 3 US stocks with the best 20-day return, invests 60% of the fund's value, the rest stays in cash.",
    );
    const chart = screen.getByTestId('cf-nav-chart');
    expect(within(chart).getByTestId('cf-nav-backtest')).toBeTruthy();
    expect(within(chart).getByTestId('cf-nav-live')).toBeTruthy();
    expect(within(chart).getByTestId('cf-legend-backtest').textContent).toBe(
      'before launch: backtest on the same prices',
    );
    const nvda = screen.getByTestId('cf-position-NVDA');
    expect(nvda.textContent).toContain('12');
    expect(nvda.textContent).toContain('120.50');
    expect(nvda.textContent).toContain('124.10');
    expect(screen.getByTestId('cf-position-pnl-NVDA').textContent).toBe('+$43.20');
    expect(screen.getByTestId('cf-position-pnl-TSLA').className).toContain('down');
    expect(screen.getByTestId('cf-fees-words').textContent).toContain('keeps 18.00% of your profit');
    expect(screen.getByTestId('cf-fees-words').textContent).toContain('service fee of 2.00% of the amount');
  });

  it("computes the example payout for the minimum with the contract's copyPayout over the last 30 results", async () => {
    stubApi(detailAnswers());
    renderPage('/home/fllow?id=cf_demo_momentum');
    const example = await screen.findByTestId('cf-example');
    const expected = copyPayout(Money.of('1000.00', 'USD'), rates, '0.18', '0.02');
    expect(example.textContent).toContain('Example: $1,000.00 over the last 30 days');
    const dollars = (money: Money) => `$${money.toString().replace(/\B(?=(\d{3})+(?!\d))/, ',')}`;
    expect(within(example).getByTestId('cf-example-value').textContent).toBe(dollars(expected.value));
    expect(within(example).getByTestId('cf-example-performance-fee').textContent).toBe(
      dollars(expected.performanceFee),
    );
    expect(within(example).getByTestId('cf-example-service-fee').textContent).toBe(dollars(expected.serviceFee));
    expect(within(example).getByTestId('cf-example-payout').textContent).toBe(dollars(expected.payout));
    // The figures are the exact ones: 1000 × Π(1 + r) rounded down, 18 % of the profit up, 2 % of 1000.
    expect(expected.serviceFee.toString()).toBe('20.00');
    expect(expected.payout.toString()).toBe(
      expected.value.minus(expected.performanceFee).minus(expected.serviceFee).toString(),
    );
  });

  it('says the strategy is in cash when it holds nothing', async () => {
    stubApi(detailAnswers({ positions: [] }));
    renderPage('/home/fllow?id=cf_demo_momentum');
    const positions = await screen.findByTestId('cf-positions');
    expect(positions.textContent).toContain('No positions right now — the strategy is in cash.');
  });

  it('says the first orders come within a minute when the strategy has not run yet', async () => {
    stubApi(detailAnswers({ positions: [], rebalancedOn: null }));
    renderPage('/home/fllow?id=cf_demo_momentum');
    const positions = await screen.findByTestId('cf-positions');
    expect(positions.textContent).toContain(
      'No positions yet: the strategy places its first orders within a minute once its market is open.',
    );
    expect(positions.textContent).not.toContain('in cash');
  });

  it('blocks below the minimum, above the capacity left and above the available balance before the button is pressed', async () => {
    const api = stubApi(detailAnswers({ remaining: '4500.00' }));
    renderPage('/home/fllow?id=cf_demo_momentum');
    await screen.findByTestId('cf-amount');
    expect(screen.getByTestId('cf-form-min').textContent).toBe('Minimum $1,000.00');
    expect(screen.getByTestId('cf-form-remaining').textContent).toBe('Fund capacity left $4,500.00');
    expect(screen.getByTestId('cf-form-available').textContent).toBe('Available $5,000.00');
    expect(screen.getByTestId('cf-form-lockup').textContent).toMatch(
      /^Lock-up 7 days: you can redeem from \d\d\/\d\d\/\d{4}, /,
    );

    typeAmount('999');
    expect(screen.getByTestId('cf-rule-min').textContent).toBe('Amount is below the product minimum of $1,000.00.');
    expect(submit().disabled).toBe(true);

    typeAmount('4501');
    expect(screen.queryByTestId('cf-rule-min')).toBeNull();
    expect(screen.getByTestId('cf-rule-capacity').textContent).toBe('The fund is full (4500.00 USD left).');
    expect(submit().disabled).toBe(true);

    typeAmount('1,50.7x');
    expect((screen.getByTestId('cf-amount') as HTMLInputElement).value).toBe('1507');
    expect(submit().disabled).toBe(false);
    expect(api.callsTo('/copy/subscribe')).toHaveLength(0);
  });

  it('blocks above the available balance', async () => {
    stubApi(detailAnswers());
    renderPage('/home/fllow?id=cf_demo_momentum');
    await screen.findByTestId('cf-amount');
    typeAmount('5001');
    expect(screen.getByTestId('cf-rule-balance').textContent).toBe('Insufficient available balance.');
    expect(submit().disabled).toBe(true);
    typeAmount('5000');
    expect(screen.queryByTestId('cf-rule-balance')).toBeNull();
  });

  it('keeps a fund past its deadline or closed shut and says why', async () => {
    stubApi(detailAnswers({ copyDeadline: '2020-01-01T00:00:00Z', open: false }));
    renderPage('/home/fllow?id=cf_demo_momentum');
    await screen.findByTestId('cf-amount');
    expect(screen.getByTestId('cf-rule-closed').textContent).toBe('This product has passed its copy deadline.');
    expect(submit().disabled).toBe(true);
  });

  it('shows the real-name gate instead of the form until the name is verified', async () => {
    stubApi({ ...detailAnswers(), '/user/getUserinfo': { data: userInfo('pending') } });
    renderPage('/home/fllow?id=cf_demo_momentum');
    expect((await screen.findByTestId('kyc-gate')).getAttribute('data-kyc-status')).toBe('pending');
    expect(screen.queryByTestId('cf-amount')).toBeNull();
  });

  it('confirms in a sheet with the lock-up end and the fees, then subscribes with a requestId', async () => {
    const api = stubApi(
      detailAnswers(
        {},
        { '/copy/subscribe': { data: copySubscription({ amount: '2000.00' }), code: 'result.copy_trade.ok' } },
      ),
    );
    renderPage('/home/fllow?id=cf_demo_momentum');
    await screen.findByTestId('cf-amount');
    typeAmount('2000');
    fireEvent.click(submit());
    const sheet = await screen.findByTestId('cf-confirm-step');
    expect(within(sheet).getByTestId('cf-confirm-amount').textContent).toBe('$2,000.00');
    expect(within(sheet).getByTestId('cf-confirm-lock-end').textContent).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    expect(within(sheet).getByTestId('cf-confirm-performance-fee').textContent).toBe('18.00% of the profit');
    expect(within(sheet).getByTestId('cf-confirm-service-fee').textContent).toBe('2.00% of the amount: $40.00');
    expect(api.callsTo('/copy/subscribe')).toHaveLength(0);
    fireEvent.click(within(sheet).getByTestId('cf-confirm'));
    await waitFor(() => expect(api.callsTo('/copy/subscribe')).toHaveLength(1));
    expect(api.callsTo('/copy/subscribe')[0]).toEqual({
      fundId: 'cf_demo_momentum',
      amount: '2000',
      requestId: expect.stringMatching(UUID),
    });
    const result = await screen.findByTestId('cf-result');
    expect(result.textContent).toContain('You follow this fund');
    expect(within(result).getByTestId('cf-result-mine').getAttribute('href')).toBe('/home/fllow?tab=mine');
  });

  it('describes the strategy in German', async () => {
    sessionStore.getState().setLanguage('de');
    stubApi(
      detailAnswers({
        strategy: {
          kind: 'mean_reversion',
          market: 'crypto',
          lookbackDays: 5,
          holdings: 2,
          investedFraction: '0.5',
          entryThreshold: '-0.01',
        },
      }),
    );
    renderPage('/home/fllow?id=cf_demo_momentum');
    expect((await screen.findByTestId('cf-strategy')).textContent).toBe(
      'Hält bis zu 2 Digitalwährungen, die über 5 Tage am stärksten gefallen sind, jeweils um mindestens 1%; investiert 50% des Fondswerts, der Rest bleibt in bar.',
    );
    sessionStore.getState().setLanguage('en');
  });

  it('describes the momentum strategy in German', async () => {
    sessionStore.getState().setLanguage('de');
    stubApi(detailAnswers());
    renderPage('/home/fllow?id=cf_demo_momentum');
    expect((await screen.findByTestId('cf-strategy')).textContent).toBe(
      'Hält die 3 US-Aktien mit der besten 20-Tage-Rendite, investiert 60% des Fondswerts, der Rest bleibt in bar.',
    );
    sessionStore.getState().setLanguage('en');
  });

  it('says when the fund does not exist', async () => {
    stubApi({ '/copy/detail': { status: 0, code: 'product.not_found', msg: 'Not found' } });
    renderPage('/home/fllow?id=cf_404');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('This fund was not found.');
  });
});

describe('my subscriptions', () => {
  setUpSignedInTests(ACCOUNT);

  const open = copySubscription({ id: 'cs_6', lockUntil: '2020-01-01T00:00:00Z', profit: '-12.40', value: '1987.60' });
  const ended = copySubscription({
    id: 'cs_7',
    state: 'ended',
    endedAt: '2025-03-20T10:00:00Z',
    payout: '2022.12',
    performanceFee: '6.52',
    serviceFee: '40.00',
    endReason: 'redeemed',
    profit: '36.20',
    value: '2036.20',
    lockUntil: '2025-03-08T10:00:00Z',
  });

  it('shows state, amount, value, profit in colour, days counted and the lock-up; the payout and fees once ended', async () => {
    const api = stubApi({ '/copy/mine': { data: listPage([copySubscription(), open, ended]) } });
    renderPage('/home/fllow?tab=mine');
    await screen.findByTestId('cf-sub-cs_5');
    expect(api.callsTo('/copy/mine')[0]).toEqual({ page: 1, size: 20 });
    expect(screen.getByTestId('cf-sub-state-cs_5').textContent).toBe('In progress');
    expect(screen.getByTestId('cf-sub-amount-cs_5').textContent).toBe('$2,000.00');
    expect(screen.getByTestId('cf-sub-value-cs_5').textContent).toBe('$2,036.20');
    expect(screen.getByTestId('cf-sub-profit-cs_5').textContent).toBe('+$36.20');
    expect(screen.getByTestId('cf-sub-profit-cs_5').className).toContain('up');
    expect(screen.getByTestId('cf-sub-profit-cs_6').className).toContain('down');
    expect(screen.getByTestId('cf-sub-days-cs_5').textContent).toBe('12 days');
    expect(screen.getByTestId('cf-sub-state-cs_7').textContent).toBe('Ended');
    expect(screen.getByTestId('cf-sub-payout-cs_7').textContent).toBe('$2,022.12');
    expect(screen.getByTestId('cf-sub-performance-fee-cs_7').textContent).toBe('$6.52');
    expect(screen.getByTestId('cf-sub-service-fee-cs_7').textContent).toBe('$40.00');
    expect(screen.getByTestId('cf-sub-reason-cs_7').textContent).toBe('Your redemption');
    expect(screen.queryByTestId('cf-redeem-cs_7')).toBeNull();
    expect(screen.queryByTestId('cf-sub-payout-cs_5')).toBeNull();

    fireEvent.click(screen.getByTestId('cf-state-ended'));
    await waitFor(() => expect(api.callsTo('/copy/mine').at(-1)).toEqual({ states: ['ended'], page: 1, size: 20 }));
  });

  it('disables redeem during the lock-up and says from when it is possible', async () => {
    const api = stubApi({ '/copy/mine': { data: listPage([copySubscription()]) } });
    renderPage('/home/fllow?tab=mine');
    const button = (await screen.findByTestId('cf-redeem-cs_5')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/^Redeemable from 03\/0\d\/2099, \d\d:\d\d:\d\d$/);
    fireEvent.click(button);
    expect(api.callsTo('/copy/redeem')).toHaveLength(0);
  });

  it('redeems after the lock-up with a confirmation and a requestId', async () => {
    const api = stubApi({
      '/copy/mine': { data: listPage([open]) },
      '/copy/redeem': {
        data: {
          ...open,
          state: 'ended',
          payout: '1947.60',
          performanceFee: '0.00',
          serviceFee: '40.00',
          endReason: 'redeemed',
        },
        code: 'result.redeem.ok',
      },
    });
    renderPage('/home/fllow?tab=mine');
    const button = (await screen.findByTestId('cf-redeem-cs_6')) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Redeem');
    const dialog = await openDialog(() => fireEvent.click(button));
    expect(dialog.textContent).toContain('The subscription ends now at its value of $1,987.60.');
    expect(api.callsTo('/copy/redeem')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Redeem'));
    await waitFor(() => expect(api.callsTo('/copy/redeem')).toHaveLength(1));
    expect(api.callsTo('/copy/redeem')[0]).toEqual({ subscriptionId: 'cs_6', requestId: expect.stringMatching(UUID) });
  });

  it('offers the funds when there is no subscription', async () => {
    stubApi({ '/copy/mine': { data: listPage([]) }, '/copy/list': { data: listPage([copyFund()]) } });
    renderPage('/home/fllow?tab=mine');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('You follow no fund yet.');
    fireEvent.click(screen.getByTestId('cf-browse'));
    expect(await screen.findByTestId('cf-card-cf_demo_momentum')).toBeTruthy();
  });
});
