// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminNoticeItem } from '@brokerage/contract';
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
import { NoticesPage } from './NoticesPage';

function notice(overrides: Partial<AdminNoticeItem> = {}): AdminNoticeItem {
  return {
    id: 'nt_1',
    kind: 'notice',
    title: 'Holiday hours',
    content: '<p>Markets close early on Friday.</p>',
    published: true,
    createdAt: '2025-03-14T15:00:00.000Z',
    updatedAt: '2025-03-14T15:00:00.000Z',
    ...overrides,
  };
}

setUpScreenTests('admin');

describe('notices for everyone', { timeout: screenTestTimeoutMs }, () => {
  it('refuses to save a draft without a title or a reason', async () => {
    const api = stubAdminApi({ '/notice/list': okList([]) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NoticesPage />);
    await user.click(await screen.findByTestId('notice-new'));
    await fill(user, screen.getByTestId('notice-content'), '<p>Body</p>');
    await user.click(screen.getByTestId('notice-save'));

    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(api.callsTo('/notice/create')).toHaveLength(0);
  });

  it('saves a draft with the trimmed title and the reason', async () => {
    const api = stubAdminApi({
      '/notice/list': okList([]),
      '/notice/create': () =>
        ok(notice({ id: 'nt_9', title: 'Maintenance', content: '<p>Sunday</p>', published: false })),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NoticesPage />);
    await user.click(await screen.findByTestId('notice-new'));
    await fill(user, screen.getByTestId('notice-title'), ' Maintenance ');
    await fill(user, screen.getByTestId('notice-content'), '<p>Sunday</p>');
    await fill(user, screen.getByTestId('notice-reason'), 'Planned downtime');
    await user.click(screen.getByTestId('notice-save'));

    await waitFor(() => expect(api.callsTo('/notice/create')).toHaveLength(1));
    expect(api.callsTo('/notice/create')[0]?.body).toEqual({
      title: 'Maintenance',
      content: '<p>Sunday</p>',
      reason: 'Planned downtime',
    });
    expect((await screen.findByTestId('notice-saved-id')).textContent).toBe('nt_9');
    expect((await screen.findByTestId('notice-preview')).innerHTML).toBe('<p>Sunday</p>');
  });

  it('unpublishes with the id and the reason after confirmation', async () => {
    const api = stubAdminApi({
      '/notice/list': okList([notice()]),
      '/notice/unpublish': () => ok(notice({ published: false }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NoticesPage />);
    expect((await screen.findByTestId('notice-state-nt_1')).textContent).toBe('Published');
    await waitForIdle();
    await user.click(screen.getByTestId('notice-unpublish-nt_1'));
    await fill(user, await screen.findByTestId('confirm-reason'), 'Outdated');
    await user.click(screen.getByTestId('confirm-ok'));

    await waitFor(() => expect(api.callsTo('/notice/unpublish')).toHaveLength(1));
    expect(api.callsTo('/notice/unpublish')[0]?.body).toEqual({ id: 'nt_1', reason: 'Outdated' });
    expect(api.callsTo('/notice/publish')).toHaveLength(0);
  });
});
