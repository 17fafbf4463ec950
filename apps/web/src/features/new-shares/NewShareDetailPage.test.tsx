// @vitest-environment jsdom
import { createHash, createHmac } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { account, ACCOUNT, assets, userInfo, UUID } from '../../test-fixtures';
import NewShareDetailPage from './NewShareDetailPage';
import NewSharesPage from './NewSharesPage';
import { newShareDetail, subscriptionRecord } from './test-fixtures';

function answers(detail: Record<string, unknown>, extra: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return {
    '/newShare/detail': { data: newShareDetail(detail) },
    '/user/getUserinfo': { data: userInfo('verified') },
    '/user/assets': { data: assets([account('MXN', '200000.00'), account('USD', '100.00')]) },
    ...extra,
  };
}

function renderDetail(id = 'ns_12') {
  return renderAt(`/home/newStockBuy?id=${id}`, [
    page('/home/newStockBuy', <NewShareDetailPage />),
    page('/trade/index', <p>records</p>),
  ]);
}

function type(value: string) {
  fireEvent.change(screen.getByTestId('ns-quantity'), { target: { value } });
}

const submit = () => screen.getByTestId('ns-submit') as HTMLButtonElement;

describe('the new-share detail', () => {
  setUpSignedInTests(ACCOUNT);

  it('says why there is no market price before the listing day, instead of a bare "--"', async () => {
    stubApi(answers({ marketPrice: null, premiumSpread: null, phase: 'open', listingDate: '2026-12-09' }));
    renderDetail();
    const head = await screen.findByTestId('ns-head');
    expect(within(head).getByTestId('ns-market-ns_12').textContent).toBe('--');
    expect(within(head).getByTestId('ns-price-note-ns_12').textContent).toBe(
      'Not listed yet: the market price and the premium appear on the listing day, 12/09/2026.',
    );
  });

  it('has no such note once a market price is quoted', async () => {
    stubApi(answers({}));
    renderDetail();
    const head = await screen.findByTestId('ns-head');
    expect(within(head).getByTestId('ns-market-ns_12').textContent).toBe('21.20');
    expect(within(head).queryByTestId('ns-price-note-ns_12')).toBeNull();
  });

  it('shows the prices first, then the dates in order, then every term', async () => {
    stubApi(answers({}));
    renderDetail();
    const head = await screen.findByTestId('ns-head');
    expect(within(head).getByTestId('ns-issue-ns_12').textContent).toBe('18.50');
    expect(within(head).getByTestId('ns-market-ns_12').textContent).toBe('21.20');
    expect(within(head).getByTestId('ns-spread-ns_12').textContent).toBe('+2.70');
    const steps = within(screen.getByTestId('ns-dates'))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-testid'));
    expect(steps).toEqual(
      ['applyStart', 'applyEnd', 'draw', 'paymentDeadline', 'distribution', 'listing'].map((key) => `ns-date-${key}`),
    );
    const terms = screen.getByTestId('ns-terms').textContent ?? '';
    for (const text of [
      'BMV',
      'Example Capital',
      '50,000,000',
      '72,000,000',
      '10,000 shares',
      'Mex$185,000.00',
      'Pay on allotment',
    ])
      expect(terms).toContain(text);
  });

  it('blocks a quantity below the IPO minimum and above the available balance before the button is pressed', async () => {
    const api = stubApi(answers({}));
    renderDetail();
    await screen.findByTestId('ns-quantity');
    expect(screen.getByTestId('ns-form-min-shares').textContent).toBe('Minimum 10,000 shares');
    expect(screen.getByTestId('ns-available').textContent).toBe('Available Mex$200,000.00');
    expect(screen.getByTestId('ns-form-left').textContent).toBe('1 application left');
    expect(screen.getByTestId('ns-payment-note').textContent).toContain(
      'If shares are allotted to you, pay for them by',
    );

    type('9999');
    expect(screen.getByTestId('ns-rule-min-shares').textContent).toBe('Minimum subscription is 10,000 shares.');
    // 9999 × 18.50 = 184981.50 is also below the minimum investment.
    expect(screen.getByTestId('ns-rule-min-funds').textContent).toBe('Minimum subscription funds are Mex$185,000.00.');
    expect(submit().disabled).toBe(true);

    type('20000');
    expect(screen.queryByTestId('ns-rule-min-shares')).toBeNull();
    expect(screen.getByTestId('ns-amount').textContent).toBe('Mex$370,000.00');
    expect(screen.getByTestId('ns-rule-balance').textContent).toBe('Insufficient available balance.');
    expect(submit().disabled).toBe(true);

    type('10000');
    expect(screen.getByTestId('ns-amount').textContent).toBe('Mex$185,000.00');
    expect(screen.queryByTestId('ns-rule-balance')).toBeNull();
    expect(submit().disabled).toBe(false);
    expect(api.callsTo('/newShare/subscribe')).toHaveLength(0);
  });

  it('confirms, then subscribes with a fresh requestId and shows the result', async () => {
    const api = stubApi(
      answers(
        {},
        {
          '/newShare/subscribe': {
            data: subscriptionRecord({ id: 'sb_9', state: 'applied', allottedQuantity: 0, amountPayable: '0.00' }),
            code: 'result.subscribe.ok',
          },
        },
      ),
    );
    renderDetail();
    await screen.findByTestId('ns-quantity');
    type('10000');
    fireEvent.click(submit());
    const step = await screen.findByTestId('ns-confirm-step');
    expect(within(step).getByTestId('ns-confirm-amount').textContent).toBe('Mex$185,000.00');
    expect(within(step).getByTestId('ns-confirm-quantity').textContent).toBe('10,000');
    expect(api.callsTo('/newShare/subscribe')).toHaveLength(0);
    fireEvent.click(within(step).getByTestId('ns-confirm'));
    await waitFor(() => expect(api.callsTo('/newShare/subscribe')).toHaveLength(1));
    expect(api.callsTo('/newShare/subscribe')[0]).toEqual({
      id: 'ns_12',
      quantity: 10000,
      requestId: expect.stringMatching(UUID),
    });
    const result = await screen.findByTestId('ns-result');
    expect(result.textContent).toContain('Application received');
    expect(result.textContent).toContain('Applied');
  });

  it('shows the placement minimum of the user account type', async () => {
    stubApi(
      answers(
        {
          kind: 'placement',
          minShares: 1,
          minInvestment: '0.00',
          issuePrice: '100.00',
          placementTiers: [
            { accountType: 'standard', minAmount: '500000.00' },
            { accountType: 'institutional', minAmount: '100000.00' },
          ],
        },
        { '/user/assets': { data: assets([account('MXN', '1000000.00')]) } },
      ),
    );
    renderDetail();
    await screen.findByTestId('ns-quantity');
    expect(screen.getByTestId('ns-form-placement-min').textContent).toBe(
      'Minimum for your account type (Standard): Mex$500,000.00',
    );
    expect(screen.queryByTestId('ns-form-min-shares')).toBeNull();
    type('4999');
    expect(screen.getByTestId('ns-rule-placement-min').textContent).toBe('Minimum placement amount is Mex$500,000.00.');
    type('5000');
    expect(screen.queryByTestId('ns-rule-placement-min')).toBeNull();
  });

  it('says when an upcoming offering opens and keeps the form shut, and asks for the channel password', async () => {
    stubApi(answers({ phase: 'upcoming', channelPasswordRequired: true }));
    renderDetail();
    await screen.findByTestId('ns-quantity');
    expect(screen.getByTestId('ns-form-window').textContent).toMatch(/^Opens at 03\/10\/2025, /);
    expect(screen.getByTestId('ns-rule-window').textContent).toMatch(/^Subscription time not reached/);
    expect((screen.getByTestId('ns-quantity') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('ns-password')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('says when the user has used every application', async () => {
    stubApi(
      answers({
        my: {
          applications: 1,
          subscriptionQuantity: 10000,
          allottedQuantity: 0,
          amountPayable: '0.00',
          amountPaid: '0.00',
        },
      }),
    );
    renderDetail();
    await screen.findByTestId('ns-quantity');
    expect(screen.getByTestId('ns-form-left').textContent).toBe('0 applications left');
    expect(screen.getByTestId('ns-rule-limit').textContent).toBe('Only 1 subscriptions are allowed per new share.');
    expect(screen.getByTestId('ns-my-applications').textContent).toBe('1 / 1');
  });
});

describe('verifying the draw on the detail', () => {
  setUpSignedInTests(ACCOUNT);

  const seed = 'nova-2025-seed';
  const seedHash = createHash('sha256').update(seed, 'utf8').digest('hex');
  const hmac = (id: string) => createHmac('sha256', seed).update(id, 'utf8').digest('hex');
  // 10 shares for 7 + 5 + 3 applied: floors 4, 3, 2 and one leftover for the smallest HMAC.
  const applications = [
    { id: 'sb_1', quantity: 7 },
    { id: 'sb_2', quantity: 5 },
    { id: 'sb_3', quantity: 3 },
  ];
  const floors: Record<string, number> = { sb_1: 4, sb_2: 3, sb_3: 2 };
  const first = [...applications].sort((a, b) => (hmac(a.id) < hmac(b.id) ? -1 : 1))[0]?.id;
  const honest = applications.map((app) => ({ ...app, allotted: (floors[app.id] ?? 0) + (app.id === first ? 1 : 0) }));
  const drawn = {
    phase: 'drawn',
    drawnAt: '2025-03-20T15:00:00Z',
    drawSeed: seed,
    drawSeedHash: seedHash,
    sharesOffered: 10,
    totalSubscription: 15,
  };
  const proof = (list: typeof honest) => ({
    data: {
      seed,
      seedHash,
      sharesOffered: 10,
      totalSubscription: 15,
      algorithm: 'pro-rata floor, leftovers one by one in the order of HMAC-SHA256(seed, applicationId) ascending',
      applications: list,
    },
  });

  it('recomputes every allotment and says they all match', async () => {
    const api = stubApi(answers(drawn, { '/newShare/drawProof': proof(honest) }));
    renderDetail();
    fireEvent.click(await screen.findByTestId('ns-verify-start'));
    expect((await screen.findByTestId('ns-verify-ok')).textContent).toBe(
      'Verified: 3 applications, all allotments match.',
    );
    expect(api.callsTo('/newShare/drawProof')).toEqual([{ id: 'ns_12' }]);
  });

  it('names the allotments that do not match the recomputation', async () => {
    const other = honest.find((app) => app.id !== first)?.id;
    const moved = honest.map((app) =>
      app.id === first
        ? { ...app, allotted: app.allotted - 1 }
        : app.id === other
          ? { ...app, allotted: app.allotted + 1 }
          : app,
    );
    stubApi(answers(drawn, { '/newShare/drawProof': proof(moved) }));
    renderDetail();
    fireEvent.click(await screen.findByTestId('ns-verify-start'));
    const bad = await screen.findByTestId('ns-verify-bad');
    expect(bad.textContent).toContain('2 allotments differ from the recomputation:');
    const row = within(bad).getByTestId(`ns-mismatch-${first ?? ''}`);
    expect(row.textContent).toMatch(/published, .* recomputed$/);
    expect(screen.queryByTestId('ns-verify-ok')).toBeNull();
  });

  it('is not offered before the draw', async () => {
    stubApi(answers({}));
    renderDetail();
    await screen.findByTestId('ns-head');
    expect(screen.queryByTestId('ns-verify')).toBeNull();
  });
});

describe('the new-share list', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows each offering with prices, window, phase, listing date, minimum and payment mode per kind', async () => {
    const summary = {
      ...newShareDetail(),
      id: 'ns_3',
      kind: 'placement',
      name: 'Altiva',
      code: 'ALTV',
      phase: 'upcoming',
      paymentMode: 'prepaid',
      minShares: 1,
    };
    const api = stubApi({
      '/newShare/list': (body) => ({
        data: listPage((body as { kind: string }).kind === 'ipo' ? [newShareDetail()] : [summary]),
      }),
    });
    renderAt('/home/newStock', [page('/home/newStock', <NewSharesPage />), page('/home/newStockBuy', <p>detail</p>)]);
    const card = await screen.findByTestId('ns-card-ns_12');
    expect(api.callsTo('/newShare/list')[0]).toEqual({ kind: 'ipo', page: 1, size: 20 });
    expect(within(card).getByTestId('ns-phase-ns_12').textContent).toBe('Open');
    expect(within(card).getByTestId('ns-min-ns_12').textContent).toBe('10,000 shares');
    expect(card.textContent).toContain('03/25/2025');
    expect(card.textContent).toContain('Pay on allotment');
    fireEvent.click(screen.getByTestId('ns-tab-placement'));
    const placement = await screen.findByTestId('ns-card-ns_3');
    expect(within(placement).getByTestId('ns-phase-ns_3').textContent).toBe('Upcoming');
    expect(within(placement).getByTestId('ns-min-ns_3').textContent).toBe('1 share');
    expect(placement.textContent).toContain('Prepaid');
  });
});
