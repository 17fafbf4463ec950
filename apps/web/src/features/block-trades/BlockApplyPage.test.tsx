// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { account, ACCOUNT, assets, userInfo, UUID } from '../../test-fixtures';
import BlockApplyPage from './BlockApplyPage';
import { blockApplication, blockProduct } from './test-fixtures';

function answers(product: Record<string, unknown>, extra: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return {
    '/block/list': {
      data: listPage([
        blockProduct(product),
        blockProduct({ id: 'bp_9', code: 'AAPL', name: 'Apple', market: 'usd', currency: 'USD' }),
      ]),
    },
    '/user/getUserinfo': { data: userInfo('verified') },
    '/user/assets': { data: assets([account('MXN', '200000.00'), account('USD', '100.00')]) },
    ...extra,
  };
}

function renderApply(id = 'bp_3') {
  return renderAt(`/home/blockTrade2?id=${id}`, [
    page('/home/blockTrade2', <BlockApplyPage />),
    page('/home/blockTrade', <p>list</p>),
  ]);
}

const typeShares = (value: string) => fireEvent.change(screen.getByTestId('bt-shares'), { target: { value } });
const typeKey = (value: string) => fireEvent.change(screen.getByTestId('bt-secret'), { target: { value } });
const submit = () => screen.getByTestId('bt-submit') as HTMLButtonElement;

describe('the block-trade application form', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows the terms, the lock and the review before anything is typed', async () => {
    const api = stubApi(answers({}));
    renderApply();
    await screen.findByTestId('bt-shares');
    expect(api.callsTo('/block/list')[0]).toEqual({ page: 1, size: 300 });
    const head = screen.getByTestId('bt-head');
    expect(within(head).getByTestId('bt-price-bp_3').textContent).toBe('58.20');
    expect(within(head).getByTestId('bt-live-bp_3').textContent).toBe('61.05');
    expect(within(head).getByTestId('bt-gap-bp_3').textContent).toBe('4.67% below live');
    expect(screen.getByTestId('bt-form-min').textContent).toBe('Minimum 1,000 shares');
    expect(screen.getByTestId('bt-form-limit').textContent).toBe('Daily limit 50,000: 4,500 shares left today');
    expect(screen.getByTestId('bt-notes-lock').textContent).toBe(
      'The position is locked 3 days after approval: it cannot be closed before then.',
    );
    expect(screen.getByTestId('bt-notes').textContent).toContain('amount + fee stay frozen');
    expect((screen.getByTestId('bt-secret') as HTMLInputElement).type).toBe('password');
    expect(screen.getByTestId('bt-available').textContent).toBe('Available Mex$200,000.00');
  });

  it('blocks below the minimum, above the remaining limit and above the available balance before the button is pressed', async () => {
    const api = stubApi(answers({}));
    renderApply();
    await screen.findByTestId('bt-shares');
    typeKey('K7M2Q9XWPR4TDV8H');

    typeShares('999');
    expect(screen.getByTestId('bt-rule-min-shares').textContent).toBe('Minimum block purchase is 1,000 shares.');
    expect(submit().disabled).toBe(true);

    typeShares('4501');
    expect(screen.queryByTestId('bt-rule-min-shares')).toBeNull();
    expect(screen.getByTestId('bt-rule-daily-limit').textContent).toBe(
      'Daily limit for this stock is 50,000 shares (4,500 left).',
    );
    expect(submit().disabled).toBe(true);

    // 3437 × 58.20 = 200,033.40 (fee 300.05) is more than the 200,000.00 available.
    typeShares('3437');
    expect(screen.queryByTestId('bt-rule-daily-limit')).toBeNull();
    expect(screen.getByTestId('bt-amount').textContent).toBe('Mex$200,033.40');
    expect(screen.getByTestId('bt-rule-balance').textContent).toBe('Insufficient available balance.');
    expect(screen.getByTestId('bt-available').className).toContain('bt-short');
    expect(submit().disabled).toBe(true);

    // Amount + fee must fit, not the amount alone: 3432 × 58.20 = 199,742.40, fee 299.61 (half-up of 299.6136), total 200,042.01.
    typeShares('3432');
    expect(screen.getByTestId('bt-fee').textContent).toBe('Mex$299.61');
    expect(screen.getByTestId('bt-total').textContent).toBe('Mex$200,042.01');
    expect(screen.getByTestId('bt-rule-balance')).toBeTruthy();

    typeShares('3000');
    expect(screen.getByTestId('bt-amount').textContent).toBe('Mex$174,600.00');
    expect(screen.getByTestId('bt-fee').textContent).toBe('Mex$261.90');
    expect(screen.queryByTestId('bt-rule-balance')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(api.callsTo('/block/apply')).toHaveLength(0);
  });

  it("checks the secret key's format as it is typed, before the press, and never asks the server", async () => {
    const api = stubApi(answers({}));
    renderApply();
    await screen.findByTestId('bt-shares');
    typeShares('1000');
    expect(screen.getByTestId('bt-rule-secret-key').textContent).toBe(
      'Enter the secret key of this product (16 capital letters and digits).',
    );
    // too short: said beside the field, the button stays disabled
    typeKey('K7M2');
    expect(screen.getByText('The secret key has 16 characters: capital letters and the digits 2 to 9.')).toBeTruthy();
    expect(screen.getByTestId('bt-secret').getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    // a look-alike the server never generates (O) is refused too
    typeKey('K7M2Q9XWPR4TDV8O');
    expect(screen.getByTestId('bt-rule-secret-key')).toBeTruthy();
    // a copied key with spaces and in lower case is taken as the server wrote it
    typeKey('k7m2 q9xw pr4t dv8h');
    expect((screen.getByTestId('bt-secret') as HTMLInputElement).value).toBe('K7M2Q9XWPR4TDV8H');
    expect(screen.queryByTestId('bt-rule-secret-key')).toBeNull();
    expect(screen.getByTestId('bt-secret').getAttribute('aria-invalid')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(api.callsTo('/block/apply')).toHaveLength(0);
  });

  it('keeps a closed product shut and says why', async () => {
    stubApi(answers({ open: false }));
    renderApply();
    await screen.findByTestId('bt-shares');
    expect(screen.getByTestId('bt-rule-closed').textContent).toBe('Block trading is closed for this stock.');
    expect((screen.getByTestId('bt-shares') as HTMLInputElement).disabled).toBe(true);
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('bt-open-bp_3').textContent).toBe('Closed');
  });

  it('shows the price collar and refuses a deal price outside it before anything is typed', async () => {
    stubApi(answers({ price: '50.00', priceLow: '54.95', priceHigh: '67.15' }));
    renderApply();
    await screen.findByTestId('bt-shares');
    expect(screen.getByTestId('bt-band-bp_3').textContent).toBe('Allowed band today: 54.95 – 67.15');
    expect(screen.getByTestId('bt-rule-collar').textContent).toBe(
      'The deal price is outside today’s allowed band (54.95 – 67.15).',
    );
    typeShares('1000');
    typeKey('SECRET-KEY');
    expect(submit().disabled).toBe(true);
  });

  it('confirms, then applies with a fresh requestId and shows the result', async () => {
    const api = stubApi(
      answers(
        {},
        {
          '/block/apply': {
            data: blockApplication({ shares: 2000, amount: '116400.00', fee: '174.60' }),
            code: 'result.submit.ok',
          },
        },
      ),
    );
    renderApply();
    await screen.findByTestId('bt-shares');
    typeShares('2000');
    typeKey('K7M2Q9XWPR4TDV8H');
    fireEvent.click(submit());
    const step = await screen.findByTestId('bt-confirm-step');
    expect(within(step).getByTestId('bt-confirm-shares').textContent).toBe('2,000');
    expect(within(step).getByTestId('bt-confirm-fee').textContent).toBe('Mex$174.60');
    expect(within(step).getByTestId('bt-confirm-total').textContent).toBe('Mex$116,574.60');
    expect(step.textContent).toContain('locked 3 days after approval');
    expect(api.callsTo('/block/apply')).toHaveLength(0);
    fireEvent.click(within(step).getByTestId('bt-confirm'));
    await waitFor(() => expect(api.callsTo('/block/apply')).toHaveLength(1));
    expect(api.callsTo('/block/apply')[0]).toEqual({
      productId: 'bp_3',
      shares: 2000,
      secretKey: 'K7M2Q9XWPR4TDV8H',
      requestId: expect.stringMatching(UUID),
    });
    const result = await screen.findByTestId('bt-result');
    expect(result.textContent).toContain('Application submitted');
    expect(result.textContent).toContain('Mex$116,574.60 is frozen until the review');
    expect(within(result).getByTestId('bt-result-state').textContent).toBe('Under review');
  });

  it('says when the product is not in the list', async () => {
    stubApi(answers({}));
    renderApply('bp_404');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('This block-trade product was not found.');
  });
});
