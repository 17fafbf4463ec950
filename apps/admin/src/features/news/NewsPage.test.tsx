// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminNewsItem } from '@brokerage/contract';
import {
  fill,
  ok,
  okList,
  refused,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { NewsPage } from './NewsPage';

function article(overrides: Partial<AdminNewsItem> = {}): AdminNewsItem {
  return {
    id: 'n_draft1',
    category: 'stock',
    title: 'Apple beats estimates',
    summary: 'Quarterly revenue up 8%.',
    coverUrl: null,
    source: 'Newswire',
    publishedAt: '2025-03-14T15:00:00.000Z',
    lang: 'en',
    content: '<p>Revenue rose.</p>',
    translations: {},
    instrumentIds: ['i_usd_AAPL'],
    published: false,
    createdAt: '2025-03-14T15:00:00.000Z',
    updatedAt: '2025-03-14T15:00:00.000Z',
    ...overrides,
  };
}

setUpScreenTests('admin');

describe('writing a news article', { timeout: screenTestTimeoutMs }, () => {
  it('refuses to save without a title or a reason and sends nothing', async () => {
    const api = stubAdminApi({ '/news/list': okList([]) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NewsPage />);
    await user.click(await screen.findByTestId('news-new'));
    await user.click(await screen.findByTestId('news-save'));

    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(api.callsTo('/news/create')).toHaveLength(0);

    // A reason of two characters is still refused (docs/api.md §19.1: 3–500).
    await fill(user, screen.getByTestId('news-reason'), 'ok');
    await user.click(screen.getByTestId('news-save'));
    expect(await screen.findByText('At least 3 characters')).toBeTruthy();
    expect(api.callsTo('/news/create')).toHaveLength(0);
  });

  it('shows the unsaved HTML as text, then renders only what the server stored', async () => {
    const stored = article({ content: '<p>Revenue <b>rose</b>.</p>' });
    const api = stubAdminApi({ '/news/list': okList([]), '/news/create': () => ok(stored, 'result.update.ok') });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NewsPage />);
    await user.click(await screen.findByTestId('news-new'));
    await fill(user, screen.getByTestId('news-title'), '  Apple beats estimates ');
    await fill(user, screen.getByTestId('news-summary'), 'Quarterly revenue up 8%.');
    await fill(user, screen.getByTestId('news-source'), 'Newswire');
    await user.type(within(screen.getByTestId('news-instruments')).getByRole('combobox'), 'i_usd_AAPL{Enter}');
    const raw = '<p>Revenue <b>rose</b>.</p><img src=x onerror="alert(1)">';
    await fill(user, screen.getByTestId('news-content'), raw);
    expect((await screen.findByTestId('news-source-preview')).textContent).toBe(raw);
    expect(screen.queryByTestId('news-preview')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();

    await fill(user, screen.getByTestId('news-reason'), 'Earnings coverage');
    await user.click(screen.getByTestId('news-save'));

    await waitFor(() => expect(api.callsTo('/news/create')).toHaveLength(1));
    expect(api.callsTo('/news/create')[0]?.body).toEqual({
      category: 'top',
      title: 'Apple beats estimates',
      summary: 'Quarterly revenue up 8%.',
      source: 'Newswire',
      instrumentIds: ['i_usd_AAPL'],
      content: raw,
      translations: {},
      reason: 'Earnings coverage',
    });
    const preview = await screen.findByTestId('news-preview');
    expect(preview.innerHTML).toBe('<p>Revenue <b>rose</b>.</p>');
    expect(screen.getByTestId('news-saved-id').textContent).toBe('n_draft1');
    // The form now holds the stored content, so nothing is left unsaved.
    expect(screen.queryByTestId('news-source-preview')).toBeNull();
    expect((screen.getByTestId('news-reason') as HTMLTextAreaElement).value).toBe('');
  });

  it('puts a refused instrument id next to the instruments field, not in a toast', async () => {
    stubAdminApi({
      '/news/list': okList([]),
      '/news/create': () =>
        refused(400, 'request.invalid', 'The request is invalid.', { fields: { instrumentIds: 'format' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NewsPage />);
    await user.click(await screen.findByTestId('news-new'));
    await fill(user, screen.getByTestId('news-title'), 'Unknown ticker');
    await fill(user, screen.getByTestId('news-summary'), 'Summary');
    await fill(user, screen.getByTestId('news-source'), 'Desk');
    await user.type(within(screen.getByTestId('news-instruments')).getByRole('combobox'), 'i_usd_NOPE{Enter}');
    await fill(user, screen.getByTestId('news-content'), 'Plain text body');
    await fill(user, screen.getByTestId('news-reason'), 'Testing the refusal');
    await user.click(screen.getByTestId('news-save'));

    expect(await screen.findByText('The server refused this field: it has the wrong format')).toBeTruthy();
    expect(screen.queryByTestId('news-saved-id')).toBeNull();
  });
});

describe('publishing and unpublishing from the list', { timeout: screenTestTimeoutMs }, () => {
  it('asks for a reason, then sends the id and the trimmed reason to /news/publish', async () => {
    const api = stubAdminApi({
      '/news/list': okList([article()]),
      '/news/publish': () => ok(article({ published: true }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NewsPage />);
    expect((await screen.findByTestId('news-state-n_draft1')).textContent).toBe('Draft');
    await waitForIdle();
    await user.click(screen.getByTestId('news-publish-n_draft1'));

    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(api.callsTo('/news/publish')).toHaveLength(0);

    await fill(user, screen.getByTestId('confirm-reason'), '  Approved by the desk editor ');
    await user.click(screen.getByTestId('confirm-ok'));

    await waitFor(() => expect(api.callsTo('/news/publish')).toHaveLength(1));
    const call = api.callsTo('/news/publish')[0];
    expect(call?.body).toEqual({ id: 'n_draft1', reason: 'Approved by the desk editor' });
    expect(call?.headers.Authorization).toBe('Bearer tok-admin');
    // The list is read again after the change.
    await waitFor(() => expect(api.callsTo('/news/list').length).toBeGreaterThan(1));
  });

  it('sends nothing when the operator cancels', async () => {
    const api = stubAdminApi({ '/news/list': okList([article({ published: true })]) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<NewsPage />);
    await screen.findByTestId('news-unpublish-n_draft1');
    await waitForIdle();
    await user.click(screen.getByTestId('news-unpublish-n_draft1'));
    await user.type(await screen.findByTestId('confirm-reason'), 'Changed my mind');
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(api.callsTo('/news/unpublish')).toHaveLength(0);
  });

  it('filters by category through the list request', async () => {
    const api = stubAdminApi({ '/news/list': okList([]) });
    renderScreen(<NewsPage />, '/news?category=stock&page=2');
    await waitFor(() => expect(api.callsTo('/news/list')).toHaveLength(1));
    expect(api.callsTo('/news/list')[0]?.body).toEqual({ category: 'stock', page: 2, size: 20 });
  });
});
