// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { dialogClosing, openDialog, page, renderAt, stubApi, type Answer } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import DayTradingPage, { dayTradingView } from './DayTradingPage';

const submittedAt = '2025-03-14T15:00:00Z';

function application(state: 'pending' | 'approved' | 'rejected', reason: string | null = null) {
  return { id: 'dt_4', state, submittedAt, reviewedAt: state === 'pending' ? null : '2025-03-14T16:00:00Z', reason };
}

function renderDayTrading() {
  return renderAt('/home/dayTrading', [page('/home/dayTrading', <DayTradingPage />)]);
}

function answers(
  status: Answer | ((body: unknown) => Answer),
  kyc: 'verified' | 'none' = 'verified',
  extra: Record<string, Answer | ((body: unknown) => Answer)> = {},
) {
  return { '/user/getUserinfo': { data: userInfo(kyc) }, '/trade/dayTradingStatus': status, ...extra };
}

/** The apply button sits in the pull-to-refresh area, whose gesture needs pointer capture (not in jsdom). */
async function pressApply() {
  return openDialog(async () => fireEvent.click(await screen.findByTestId('day-trading-apply')));
}

describe('the day-trading screen', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
  });

  afterEach(() => {
    Dialog.clear();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the view from the status: enabled first, then the latest application', () => {
    expect(dayTradingView({ enabled: false, application: null })).toBe('none');
    expect(dayTradingView({ enabled: false, application: application('pending') })).toBe('pending');
    expect(dayTradingView({ enabled: false, application: application('rejected', 'x') })).toBe('rejected');
    expect(dayTradingView({ enabled: true, application: application('approved') })).toBe('enabled');
  });

  it('explains day trading, and applies after the confirmation; the status turns to under review', async () => {
    let applied = false;
    const api = stubApi(
      answers(() => ({ data: { enabled: false, application: applied ? application('pending') : null } }), 'verified', {
        '/trade/dayTradingApply': () => {
          applied = true;
          return { data: { id: 'dt_4', state: 'pending', submittedAt }, code: 'result.submit.ok' };
        },
      }),
    );
    renderDayTrading();
    const explainer = await screen.findByTestId('day-trading-explainer');
    expect(explainer.textContent).toContain('T+N no-sell rule no longer applies');
    expect(explainer.textContent).toContain('minimum holding time');
    expect((await screen.findByTestId('day-trading-status')).getAttribute('data-status')).toBe('none');

    // Cancelling sends nothing.
    const cancelled = await pressApply();
    fireEvent.click(within(cancelled).getByText('Cancel'));
    await waitFor(() => expect(dialogClosing(cancelled)).toBe(true));
    expect(api.callsTo('/trade/dayTradingApply')).toHaveLength(0);

    const dialog = await pressApply();
    expect(within(dialog).getByText('Apply for day trading?')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Apply'));
    await waitFor(() => expect(api.callsTo('/trade/dayTradingApply')).toEqual([{}]));
    await waitFor(() => expect(screen.getByTestId('day-trading-status').getAttribute('data-status')).toBe('pending'));
    expect(screen.getByTestId('day-trading-status').textContent).toContain('Under review');
    expect(screen.queryByTestId('day-trading-apply')).toBeNull();
    expect(await screen.findByText('Submitted successfully.')).toBeTruthy();
  });

  it('shows a rejection with its reason and the way to apply again', async () => {
    stubApi(
      answers({
        data: { enabled: false, application: application('rejected', 'Open positions must be closed first') },
      }),
    );
    renderDayTrading();
    const status = await screen.findByTestId('day-trading-status');
    expect(status.getAttribute('data-status')).toBe('rejected');
    expect(screen.getByTestId('day-trading-reason').textContent).toBe('Open positions must be closed first');
    expect((await screen.findByTestId('day-trading-apply')).textContent).toBe('Apply again');
  });

  it('shows day trading as enabled without an apply button', async () => {
    stubApi(answers({ data: { enabled: true, application: application('approved') } }));
    renderDayTrading();
    const status = await screen.findByTestId('day-trading-status');
    expect(status.getAttribute('data-status')).toBe('enabled');
    expect(status.textContent).toContain('Day trading enabled');
    expect(screen.queryByTestId('day-trading-apply')).toBeNull();
  });

  it('shows the real-name gate instead of the apply button until the name is verified', async () => {
    const api = stubApi(answers({ data: { enabled: false, application: null } }, 'none'));
    renderDayTrading();
    expect((await screen.findByTestId('kyc-gate')).getAttribute('data-kyc-status')).toBe('none');
    expect(screen.queryByTestId('day-trading-apply')).toBeNull();
    expect(api.callsTo('/trade/dayTradingApply')).toHaveLength(0);
  });

  it('toasts a refusal in the user language and reads the status again', async () => {
    sessionStore.getState().setLanguage('esp');
    let reads = 0;
    stubApi(
      answers(
        () => {
          reads += 1;
          return { data: { enabled: false, application: reads === 1 ? null : application('pending') } };
        },
        'verified',
        {
          '/trade/dayTradingApply': {
            status: 0,
            code: 'review.pending_exists',
            msg: 'A pending application is awaiting review.',
          },
        },
      ),
    );
    renderDayTrading();
    const dialog = await pressApply();
    fireEvent.click(within(dialog).getByText('Solicitar'));
    expect(await screen.findByText('Ya hay una solicitud pendiente de revisión.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('day-trading-status').getAttribute('data-status')).toBe('pending'));
  });

  it('shows an error with retry when the status cannot be read', async () => {
    let reads = 0;
    stubApi(
      answers(() =>
        ++reads === 1
          ? { status: 0, code: 'server.error', msg: 'busy', httpStatus: 500 }
          : { data: { enabled: true, application: null } },
      ),
    );
    renderDayTrading();
    const error = await screen.findByTestId('state-error');
    fireEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('day-trading-status')).getAttribute('data-status')).toBe('enabled');
  });

  it('asks for a login without a session', async () => {
    sessionStore.getState().signOut();
    const api = stubApi(answers({ data: { enabled: false, application: null } }));
    renderDayTrading();
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
    expect(screen.getByTestId('day-trading-explainer')).toBeTruthy();
    expect(api.callsTo('/trade/dayTradingStatus')).toHaveLength(0);
  });
});
