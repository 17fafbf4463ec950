// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, page, renderAt, stubApi, type Answer } from '../../test-support';
import { account, ACCOUNT, assets, userInfo, UUID } from '../../test-fixtures';
import LendingPage from './LendingPage';
import { lendingProduct, lendingRecord } from './test-fixtures';

/** A small product whose numbers make float arithmetic round the wrong way: 3350 × 0.0003 × 1 = 1.005. */
const shortProduct = lendingProduct({
  id: 'lp_2',
  name: 'MXN 1-day lending',
  termDays: 1,
  minAmount: '1000.00',
  quota: '100000.00',
  quotaUsed: '0.00',
});
const closedProduct = lendingProduct({ id: 'lp_3', name: 'USD 90-day lending', currency: 'USD', open: false });

function answers(extra: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return {
    '/lending/products': { data: listPage([lendingProduct(), shortProduct, closedProduct]) },
    '/user/getUserinfo': { data: userInfo('verified') },
    '/user/assets': { data: assets([account('MXN', '50000.00'), account('USD', '100.00')]) },
    ...extra,
  };
}

function renderLending() {
  return renderAt('/home/lending', [
    page('/home/lending', <LendingPage />),
    page('/home/lendingRecord', <p>records screen</p>),
  ]);
}

/**
 * The cards sit in the pull-to-refresh area and the sheet can be swiped closed; both gesture
 * handlers need pointer capture, which jsdom lacks, so controls there get plain DOM events.
 */
async function openSheet(productId: string) {
  fireEvent.click(await screen.findByTestId(`lending-apply-${productId}`));
  return screen.findByTestId('lending-sheet');
}

describe('the lending products', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('shows each product with its daily rate, annual equivalent, term, minimum and quota bar', async () => {
    const api = stubApi(answers());
    renderLending();
    const card = await screen.findByTestId('lending-product-lp_1');
    expect(api.callsTo('/lending/products')).toEqual([{ page: 1, size: 20 }]);
    expect(screen.getByTestId('lending-rate-lp_1').textContent).toBe('0.03%');
    // 0.0003 × 365 = 0.1095 → 10.95 %
    expect(screen.getByTestId('lending-annual-lp_1').textContent).toBe('≈ 10.95% a year');
    expect(card.textContent).toContain('30 days');
    expect(screen.getByTestId('lending-minimum-lp_1').textContent).toBe('Mex$10,000.00');
    expect(screen.getByTestId('lending-quota-lp_1').textContent).toBe('Mex$1,200,000.00 of Mex$5,000,000.00 lent');
    const bar = screen.getByTestId('lending-bar-lp_1');
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('24%');
    expect(screen.getByTestId('lending-status-lp_1').textContent).toBe('Open');

    expect(screen.getByTestId('lending-status-lp_3').textContent).toBe('Closed');
    expect((screen.getByTestId('lending-apply-lp_3') as HTMLButtonElement).disabled).toBe(true);
  });

  it('estimates the interest exactly, confirms, and resends the same requestId after a failed attempt', async () => {
    // jsdom has no scrolling; the result card asks to be brought into view
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
      writable: true,
    });
    let attempts = 0;
    const api = stubApi(
      answers({
        '/lending/apply': () => {
          attempts += 1;
          return attempts === 1
            ? { status: 0, code: 'server.error', msg: 'System busy, please try again later.', httpStatus: 500 }
            : {
                data: lendingRecord({
                  id: 'lr_9',
                  productId: 'lp_2',
                  name: 'MXN 1-day lending',
                  amount: '3350.00',
                  termDays: 1,
                  state: 'active',
                  startedAt: null,
                  endsAt: null,
                  interest: '0.00',
                }),
                code: 'result.lending.ok',
              };
        },
      }),
    );
    renderLending();
    const sheet = await openSheet('lp_2');
    await within(sheet).findByTestId('lending-amount');
    expect(within(sheet).getByTestId('lending-min').textContent).toBe('Minimum Mex$1,000.00');
    expect(within(sheet).getByTestId('lending-available').textContent).toBe('Available Mex$50,000.00');
    // Only whole amounts: the decimal part is dropped.
    fireEvent.change(within(sheet).getByTestId('lending-amount'), { target: { value: '3350.75' } });
    expect((within(sheet).getByTestId('lending-amount') as HTMLInputElement).value).toBe('3350');
    // 3350 × 0.0003 × 1 = 1.005 exactly → Mex$1.01 (a float gives 1.00499… → 1.00).
    expect(within(sheet).getByTestId('lending-interest').textContent).toBe('Mex$1.01');

    fireEvent.click(within(sheet).getByTestId('lending-submit'));
    const step = await screen.findByTestId('lending-confirm-step');
    expect(within(step).getByTestId('lending-confirm-amount').textContent).toBe('Mex$3,350.00');
    expect(within(step).getByTestId('lending-confirm-interest').textContent).toBe('Mex$1.01');
    expect(api.callsTo('/lending/apply')).toHaveLength(0);

    fireEvent.click(within(step).getByTestId('lending-confirm'));
    await waitFor(() => expect(api.callsTo('/lending/apply')).toHaveLength(1));
    // Not a final answer: the confirmation stays, and confirming again sends the same id.
    const again = await screen.findByTestId('lending-confirm');
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(api.callsTo('/lending/apply')).toHaveLength(2));
    const [first, second] = api.callsTo('/lending/apply') as { requestId: string }[];
    expect(first).toEqual({ productId: 'lp_2', amount: '3350', requestId: expect.stringMatching(UUID) });
    expect(second?.requestId).toBe(first?.requestId);

    const result = await screen.findByTestId('lending-result');
    expect(result.textContent).toContain('Mex$3,350.00 is frozen until the next daily settlement.');
    expect(result.textContent).toContain('In progress');
    expect(await screen.findByText('Lending submitted.')).toBeTruthy();
    // "Lend" was pressed further down the list: the result is scrolled to the top of the screen
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(result);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
  });

  it('shows the rules that would stop the application before it is sent', async () => {
    stubApi(answers());
    renderLending();
    const sheet = await openSheet('lp_1');
    fireEvent.change(await within(sheet).findByTestId('lending-amount'), { target: { value: '9999' } });
    expect(within(sheet).getByTestId('lending-rule-min').textContent).toBe('Minimum lending amount is Mex$10,000.00.');
    expect((within(sheet).getByTestId('lending-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(sheet).getByTestId('lending-amount'), { target: { value: '60000' } });
    expect(within(sheet).queryByTestId('lending-rule-min')).toBeNull();
    expect(within(sheet).getByTestId('lending-rule-balance').textContent).toBe('Insufficient available balance.');
    fireEvent.change(within(sheet).getByTestId('lending-amount'), { target: { value: '20000' } });
    expect(within(sheet).queryByTestId('lending-rule-balance')).toBeNull();
    // 20000 × 0.0003 × 30 = 180 exactly (a float gives 179.99999999999997).
    expect(within(sheet).getByTestId('lending-interest').textContent).toBe('Mex$180.00');
  });

  it('toasts a refusal in the user language with its params and goes back to the amount', async () => {
    sessionStore.getState().setLanguage('de');
    const api = stubApi(
      answers({
        '/lending/apply': {
          status: 0,
          code: 'lending.min_amount',
          msg: 'Minimum lending amount is 5000.00 MXN.',
          params: { min: '5000.00', currency: 'MXN' },
        },
      }),
    );
    renderLending();
    const sheet = await openSheet('lp_2');
    fireEvent.change(await within(sheet).findByTestId('lending-amount'), { target: { value: '3350' } });
    fireEvent.click(within(sheet).getByTestId('lending-submit'));
    fireEvent.click(await screen.findByTestId('lending-confirm'));
    await waitFor(() => expect(api.callsTo('/lending/apply')).toHaveLength(1));
    expect(await screen.findByText('Der Mindestbetrag für die Finanzierung beträgt Mex$5.000,00.')).toBeTruthy();
    // A final refusal: the form is back so the amount can be changed.
    expect(await screen.findByTestId('lending-amount')).toBeTruthy();
    expect(screen.queryByTestId('lending-result')).toBeNull();
  });

  it('shows the real-name gate in the sheet until the name is verified', async () => {
    const api = stubApi(answers({ '/user/getUserinfo': { data: userInfo('pending') } }));
    renderLending();
    const sheet = await openSheet('lp_1');
    expect((await within(sheet).findByTestId('kyc-gate')).getAttribute('data-kyc-status')).toBe('pending');
    expect(within(sheet).queryByTestId('lending-amount')).toBeNull();
    expect(api.callsTo('/lending/apply')).toHaveLength(0);
  });

  it('shows the products without a session and asks for a login to lend', async () => {
    sessionStore.getState().signOut();
    localStorage.clear();
    const api = stubApi(answers());
    renderLending();
    const sheet = await openSheet('lp_1');
    expect(within(sheet).getByTestId('login-prompt')).toBeTruthy();
    expect(api.callsTo('/user/getUserinfo')).toHaveLength(0);
  });

  it('shows an error with retry when the products cannot be read', async () => {
    let calls = 0;
    stubApi(
      answers({
        '/lending/products': () =>
          ++calls === 1 ? { status: 0, code: 'server.error', msg: 'busy', httpStatus: 500 } : { data: listPage([]) },
      }),
    );
    renderLending();
    const error = await screen.findByTestId('state-error');
    await userEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('state-empty')).textContent).toContain(
      'No lending products are available right now.',
    );
  });
});
