// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fill,
  ok,
  okList,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { NewSharesPage } from './NewSharesPage';
import { offering } from './test-fixtures';

/** Under a loaded machine antd's modal transitions take a while. */
const slow = { timeout: 10_000 };

const closed = {
  ...offering,
  id: 'ns_13',
  code: 'ALTV',
  name: 'Altiva',
  phase: 'closed' as const,
  applicationsCount: 4,
  channelPasswordRequired: true,
};

async function renderPage() {
  renderScreen(<NewSharesPage />);
  await screen.findByTestId('ns-edit-ns_12');
  await waitForIdle();
}

setUpScreenTests('admin');

describe('the new shares page', { timeout: screenTestTimeoutMs }, () => {
  it('lists the offerings of kind new_share and enables the draw only after the deadline and before it ran', async () => {
    const drawn = { ...offering, id: 'ns_14', code: 'DRWN', drawnAt: '2025-03-20T15:00:00Z', phase: 'drawn' as const };
    const api = stubAdminApi({ '/product/list': okList([offering, closed, drawn]) });
    renderScreen(<NewSharesPage />);
    await screen.findByTestId('ns-edit-ns_12');
    expect(api.callsTo('/product/list')[0]?.body).toEqual({ kind: 'new_share', page: 1, size: 20 });
    // ns_12 is still open (the server's phase): no draw; ns_14 has been drawn already.
    expect((screen.getByTestId('ns-draw-ns_12') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('ns-draw-ns_14') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('ns-rotate-ns_13')).toBeTruthy();
    expect(screen.queryByTestId('ns-rotate-ns_12')).toBeNull();
  });

  it('runs the draw with a reason and shows the result and the seed', async () => {
    const api = stubAdminApi({
      '/product/list': okList([{ ...offering, phase: 'closed' as const }]),
      '/newShare/draw': () =>
        ok(
          { totalSubscription: 72000000, winningRate: '0.69444444', winnersCount: 1830, seed: 'seed-xyz' },
          'result.update.ok',
        ),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('ns-draw-ns_12'));
    await fill(user, await screen.findByTestId('confirm-reason', undefined, slow), 'Deadline passed');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/newShare/draw')).toHaveLength(1), slow);
    expect(api.callsTo('/newShare/draw')[0]?.body).toEqual({ id: 'ns_12', reason: 'Deadline passed' });
    const result = await screen.findByTestId('ns-draw-result', undefined, slow);
    expect(result.textContent).toContain('0.69444444');
    expect(within(result).getByTestId('ns-draw-seed').textContent).toContain('seed-xyz');
  });

  it('disables the locked terms of an offering with applications, and kind, code and market always', async () => {
    stubAdminApi({ '/product/list': okList([offering, closed]) });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('ns-edit-ns_13'));
    const price = await screen.findByTestId('ns-form-issue-price', undefined, slow);
    expect((price as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('ns-form-locked-issuePrice').textContent).toMatch(
      /cannot change after the first application/,
    );
    expect((screen.getByTestId('ns-form-min-investment') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('ns-form-code') as HTMLInputElement).disabled).toBe(true);
    // Not locked: the name; the window's end is locked too once anyone applied (no late applications).
    expect((screen.getByTestId('ns-form-name') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByTestId('ns-form-apply-end') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('ns-form-apply-start') as HTMLInputElement).disabled).toBe(true);
  });

  it('rotates the channel password with a reason and shows the new one once', async () => {
    const api = stubAdminApi({
      '/product/list': okList([offering, closed]),
      '/newShare/rotateChannelPassword': () => ok({ channelPassword: 'K7M2Q9XWPR4TDV8H' }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('ns-rotate-ns_13'));
    await fill(user, await screen.findByTestId('confirm-reason', undefined, slow), 'Password leaked');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/newShare/rotateChannelPassword')).toHaveLength(1), slow);
    expect(api.callsTo('/newShare/rotateChannelPassword')[0]?.body).toEqual({ id: 'ns_13', reason: 'Password leaked' });
    expect((await screen.findByTestId('ns-secret', undefined, slow)).textContent).toContain('K7M2Q9XWPR4TDV8H');
  });

  it('creates an offering with every term and a reason, then shows the channel password once', async () => {
    const api = stubAdminApi({
      '/product/list': okList([offering]),
      '/newShare/create': (body) =>
        ok({ ...offering, ...(body as object), id: 'ns_20', channelPassword: 'P4SSW0RDXYZ23456' }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('ns-new'));
    const entries: [string, string][] = [
      ['ns-form-name', 'Cobre Andino'],
      ['ns-form-code', 'COBR'],
      ['ns-form-issue-market', 'BMV'],
      ['ns-form-sponsor', 'Example Capital'],
      ['ns-form-issue-price', '12.40'],
      ['ns-form-shares-offered', '1000000'],
      ['ns-form-min-investment', '124000'],
      ['ns-form-apply-start', '2025-04-01T14:30:00Z'],
      ['ns-form-apply-end', '2025-04-08T21:00:00Z'],
      ['ns-form-draw-date', '2025-04-10'],
      ['ns-form-payment-deadline', '2025-04-11T21:00:00Z'],
      ['ns-form-distribution-date', '2025-04-14'],
      ['ns-form-listing-date', '2025-04-15'],
    ];
    await screen.findByTestId('ns-form-name', undefined, slow);
    for (const [testId, text] of entries) await fill(user, screen.getByTestId(testId), text);
    await user.click(screen.getByTestId('ns-form-password-required'));
    await fill(user, screen.getByTestId('ns-form-reason'), 'New IPO');
    await user.click(screen.getByTestId('ns-form-save'));
    await waitFor(() => expect(api.callsTo('/newShare/create')).toHaveLength(1), slow);
    expect(api.callsTo('/newShare/create')[0]?.body).toEqual({
      kind: 'ipo',
      name: 'Cobre Andino',
      code: 'COBR',
      market: 'mxn',
      issuePrice: '12.40',
      sharesOffered: 1000000,
      minShares: 10000,
      minInvestment: '124000',
      placementTiers: null,
      maxApplicationsPerUser: 1,
      applyStart: '2025-04-01T14:30:00Z',
      applyEnd: '2025-04-08T21:00:00Z',
      drawDate: '2025-04-10',
      paymentDeadline: '2025-04-11T21:00:00Z',
      distributionDate: '2025-04-14',
      listingDate: '2025-04-15',
      issueMarket: 'BMV',
      sponsorBroker: 'Example Capital',
      paymentMode: 'prepaid',
      channelOpen: true,
      channelPasswordRequired: true,
      lockDays: 0,
      reason: 'New IPO',
    });
    expect((await screen.findByTestId('ns-secret', undefined, slow)).textContent).toContain('P4SSW0RDXYZ23456');
  });
});
