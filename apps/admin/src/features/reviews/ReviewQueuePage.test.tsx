// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReviewItemOf } from '@brokerage/contract';
import {
  fill,
  ok,
  okList,
  refused,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  signIn,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { ReviewQueueRoute } from './ReviewQueuePage';

/** Under a loaded machine antd's drawer and modal transitions take a while. */
const slow = { timeout: 10_000 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function kycItem(overrides: Partial<ReviewItemOf<'kyc'>> = {}): ReviewItemOf<'kyc'> {
  return {
    id: 'k_1',
    queue: 'kyc',
    userId: 'u_3kT9',
    account: '5215512345678',
    realname: '',
    state: 'pending',
    amount: null,
    currency: null,
    submittedAt: '2025-03-14T15:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reason: null,
    details: {
      name: 'Ana López',
      idNumber: 'LOPA850101HDFRRN07',
      frontImageUrl: '/files/img_front?exp=1&sig=a',
      backImageUrl: '/files/img_back?exp=1&sig=b',
    },
    ...overrides,
  };
}

function withdrawItem(overrides: Partial<ReviewItemOf<'withdraw'>> = {}): ReviewItemOf<'withdraw'> {
  const { details: _kycDetails, ...base } = kycItem();
  return {
    ...base,
    id: 'w_12',
    queue: 'withdraw',
    realname: 'Ana López',
    amount: '1000.00',
    currency: 'MXN',
    details: {
      orderNo: 'W20250314000012',
      destination: {
        kind: 'card',
        holder: 'Ana López',
        cardNumber: '4152313412345678',
        bankName: 'BBVA México',
        branch: 'CDMX Centro',
        bankCode: '012',
      },
      fee: '10.00',
      withdrawableAtSubmit: '59010.00',
      unpaidLoan: false,
    },
    ...overrides,
  };
}

function renderQueue(path: string) {
  return renderScreen(
    <Routes>
      <Route path="/reviews/:queue" element={<ReviewQueueRoute />} />
      <Route path="/users" element={<p>Users page</p>} />
    </Routes>,
    path,
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function openItem(user: User, id: string) {
  await screen.findByTestId(`review-open-${id}`);
  await waitForIdle();
  await user.click(screen.getByTestId(`review-open-${id}`));
  await screen.findByTestId('review-detail-summary', undefined, slow);
}

async function decide(user: User, button: 'review-approve' | 'review-reject', reason: string) {
  await user.click(screen.getByTestId(button));
  await fill(user, await screen.findByTestId('confirm-reason'), reason);
  await user.click(screen.getByTestId('confirm-ok'));
}

setUpScreenTests('reviewer');

describe('a review queue', { timeout: screenTestTimeoutMs }, () => {
  it('lists pending items by default and filters by user and state from the URL', async () => {
    const api = stubAdminApi({ '/review/list': okList([kycItem()]) });
    renderQueue('/reviews/kyc');
    await screen.findByTestId('review-open-k_1');
    expect(api.callsTo('/review/list')[0]?.body).toEqual({ queue: 'kyc', states: ['pending'], page: 1, size: 20 });
    cleanup();

    const filtered = stubAdminApi({ '/review/list': okList([]) });
    renderQueue('/reviews/deposit?user=u_3kT9&state=all');
    await waitFor(() => expect(filtered.callsTo('/review/list')).toHaveLength(1), slow);
    expect(filtered.callsTo('/review/list')[0]?.body).toEqual({
      queue: 'deposit',
      states: ['pending', 'approved', 'rejected'],
      userId: 'u_3kT9',
      page: 1,
      size: 20,
    });
    expect(await screen.findByText('Only user u_3kT9')).toBeTruthy();
  });

  it('opens an item from anywhere on its row, by click or by Enter on the focused row', async () => {
    const api = stubAdminApi({ '/review/list': okList([kycItem()]), '/review/detail': () => ok(kycItem()) });
    const user = userEvent.setup();
    renderQueue('/reviews/kyc');
    const row = await screen.findByTestId('review-row-k_1');
    await waitForIdle();
    expect(row.getAttribute('tabindex')).toBe('0');
    await user.click(within(row).getByText('5215512345678'));
    await screen.findByTestId('review-detail-summary', undefined, slow);
    expect(api.callsTo('/review/detail')).toHaveLength(1);
    cleanup();

    const keyed = stubAdminApi({ '/review/list': okList([kycItem()]), '/review/detail': () => ok(kycItem()) });
    renderQueue('/reviews/kyc');
    const focused = await screen.findByTestId('review-row-k_1');
    await waitForIdle();
    fireEvent.keyDown(within(focused).getByText('5215512345678'), { key: 'Enter' });
    expect(screen.queryByTestId('review-detail-summary')).toBeNull();
    focused.focus();
    fireEvent.keyDown(focused, { key: 'Enter' });
    await screen.findByTestId('review-detail-summary', undefined, slow);
    expect(keyed.callsTo('/review/detail')).toHaveLength(1);
  });

  it('says when a queue does not exist', async () => {
    stubAdminApi({});
    renderQueue('/reviews/nope');
    expect((await screen.findByTestId('review-queue-upcoming')).textContent).toMatch(/No such review queue/);
  });
});

describe('deciding a real-name item', { timeout: screenTestTimeoutMs }, () => {
  it('shows the full identity, then approves with {queue, id, reason, requestId} and retries with the same requestId', async () => {
    let approveCalls = 0;
    const api = stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => ok(kycItem()),
      '/review/approve': () => {
        approveCalls += 1;
        return approveCalls === 1
          ? refused(500, 'server.error', 'System busy, please try again later.')
          : ok(kycItem({ state: 'approved', reviewedBy: 'a_1', reason: 'ID matches the photo' }), 'result.update.ok');
      },
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');

    expect(screen.getByTestId('review-kyc-name').textContent).toBe('Ana López');
    expect(screen.getByTestId('review-kyc-id-number').textContent).toContain('LOPA850101HDFRRN07');
    expect(within(screen.getByTestId('review-image-front')).getByRole('img').getAttribute('src')).toBe(
      '/files/img_front?exp=1&sig=a',
    );
    expect(within(screen.getByTestId('review-image-back')).getByRole('img').getAttribute('src')).toBe(
      '/files/img_back?exp=1&sig=b',
    );

    await decide(user, 'review-approve', '  ID matches the photo ');
    await waitFor(() => expect(api.callsTo('/review/approve')).toHaveLength(1), slow);
    const first = api.callsTo('/review/approve')[0]?.body as Record<string, unknown>;
    expect(first).toEqual({
      queue: 'kyc',
      id: 'k_1',
      reason: 'ID matches the photo',
      requestId: expect.stringMatching(uuid) as unknown,
    });
    expect((await screen.findByTestId('review-decision-error', undefined, slow)).textContent).toMatch(
      /retrying sends the same request/,
    );

    const listCallsBefore = api.callsTo('/review/list').length;
    await user.click(screen.getByTestId('review-decision-retry'));
    await waitFor(() => expect(api.callsTo('/review/approve')).toHaveLength(2), slow);
    expect(api.callsTo('/review/approve')[1]?.body).toEqual(first);

    // Success closes the drawer and reads the list again.
    await waitFor(() => expect(screen.queryByTestId('review-detail-summary')).toBeNull(), slow);
    await waitFor(() => expect(api.callsTo('/review/list').length).toBeGreaterThan(listCallsBefore), slow);
  });

  it('a new click is a new decision with a new requestId', async () => {
    const api = stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => ok(kycItem()),
      '/review/reject': () => refused(500, 'server.error', 'System busy, please try again later.'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');
    await decide(user, 'review-reject', 'Photo unreadable');
    await screen.findByTestId('review-decision-error', undefined, slow);
    await decide(user, 'review-reject', 'Photo unreadable');
    await waitFor(() => expect(api.callsTo('/review/reject')).toHaveLength(2), slow);
    const [a, b] = api.callsTo('/review/reject').map((call) => (call.body as { requestId: string }).requestId);
    expect(a).not.toBe(b);
  });

  it('will not reject without a reason of at least 3 characters', async () => {
    const api = stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => ok(kycItem()),
      '/review/reject': () => ok(kycItem({ state: 'rejected', reason: 'Photo unreadable' }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');

    await user.click(screen.getByTestId('review-reject'));
    expect((await screen.findAllByText(/shown to the user/)).length).toBeGreaterThan(0);
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    await fill(user, screen.getByTestId('confirm-reason'), 'no');
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('At least 3 characters')).toBeTruthy();
    expect(api.callsTo('/review/reject')).toHaveLength(0);

    await fill(user, screen.getByTestId('confirm-reason'), 't readable');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/review/reject')).toHaveLength(1), slow);
    expect(api.callsTo('/review/reject')[0]?.body).toMatchObject({ queue: 'kyc', id: 'k_1', reason: 'not readable' });
  });

  it('says when someone else decided first, and reads the item and the list again', async () => {
    let detailCalls = 0;
    const api = stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => {
        detailCalls += 1;
        return ok(
          detailCalls === 1
            ? kycItem()
            : kycItem({
                state: 'approved',
                reviewedBy: 'a_7',
                reviewedAt: '2025-03-14T15:05:00.000Z',
                reason: 'Checked',
              }),
        );
      },
      '/review/approve': () =>
        refused(200, 'review.not_pending', 'This item is not under review.', { state: 'approved' }),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');
    const listCallsBefore = api.callsTo('/review/list').length;

    await decide(user, 'review-approve', 'Looks right');
    expect((await screen.findByTestId('review-decision-error', undefined, slow)).textContent).toMatch(
      /Already decided by someone else \(now approved\)/,
    );
    await waitFor(() => expect(api.callsTo('/review/list').length).toBeGreaterThan(listCallsBefore), slow);
    await waitFor(() => expect(screen.getByTestId('review-detail-state').textContent).toBe('Approved'), slow);
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-decision-retry')).toBeNull();
  });

  it('does not load an image link that is not a same-origin path or http(s) URL', async () => {
    stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => ok(kycItem({ details: { ...kycItem().details, frontImageUrl: 'javascript:alert(1)' } })),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');
    expect(screen.queryByTestId('review-image-front')).toBeNull();
    expect(screen.getByTestId('review-image-back')).toBeTruthy();
  });

  it('shows a read-only role the item without Approve or Reject', async () => {
    signIn('support');
    stubAdminApi({ '/review/list': okList([kycItem()]), '/review/detail': () => ok(kycItem()) });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');
    expect(screen.getByTestId('review-read-only')).toBeTruthy();
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-reject')).toBeNull();
  });

  it('reads the item again for fresh links when an image fails to load (expired link)', async () => {
    let detailCalls = 0;
    const api = stubAdminApi({
      '/review/list': okList([kycItem()]),
      '/review/detail': () => {
        detailCalls += 1;
        return ok(
          kycItem({ details: { ...kycItem().details, frontImageUrl: `/files/img_front?exp=${detailCalls}&sig=a` } }),
        );
      },
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/kyc');
    await openItem(user, 'k_1');
    const image = () => within(screen.getByTestId('review-image-front')).getByRole('img');
    expect(image().getAttribute('src')).toBe('/files/img_front?exp=1&sig=a');

    fireEvent.error(image());
    await waitFor(() => expect(api.callsTo('/review/detail')).toHaveLength(2), slow);
    await waitFor(() => expect(image().getAttribute('src')).toBe('/files/img_front?exp=2&sig=a'), slow);

    // A second failure right after is not an expiry: no loop of reads, the operator sees it and may reload.
    fireEvent.error(image());
    expect(await screen.findByTestId('review-image-front-broken', undefined, slow)).toBeTruthy();
    expect(api.callsTo('/review/detail')).toHaveLength(2);
  });
});

describe('deciding a withdrawal', { timeout: screenTestTimeoutMs }, () => {
  it('shows the full destination and says clearly when the user is frozen', async () => {
    stubAdminApi({
      '/review/list': okList([withdrawItem()]),
      '/review/detail': () => ok(withdrawItem()),
      '/review/approve': () =>
        refused(200, 'account.frozen', 'Account is frozen or banned from login. Please contact customer service.'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('/reviews/withdraw');
    await openItem(user, 'w_12');
    expect(screen.getByTestId('review-withdraw-card-number').textContent).toContain('4152313412345678');
    expect(screen.getByTestId('review-withdraw-fee').textContent).toBe('10.00 MXN');
    expect(screen.getByTestId('review-withdraw-withdrawable').textContent).toBe('59010.00 MXN');
    expect(screen.getByText('990.00 MXN')).toBeTruthy();

    await decide(user, 'review-approve', 'Paid by SPEI');
    expect((await screen.findByTestId('review-decision-error', undefined, slow)).textContent).toMatch(
      /frozen user's withdrawal cannot be approved/,
    );
    expect(screen.queryByTestId('review-decision-retry')).toBeNull();
    expect(screen.getByTestId('review-open-user').getAttribute('href')).toBe('/users?user=u_3kT9');
  });
});
