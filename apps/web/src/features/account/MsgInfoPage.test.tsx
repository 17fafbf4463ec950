// @vitest-environment jsdom
import type { Notice } from '@brokerage/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import MsgInfoPage from './MsgInfoPage';
import UserInfoPage from './UserInfoPage';

/** A reviewer's reason that, rendered as HTML, would cover the page with a link and navigate away. */
const MARKUP_REASON =
  '<a href="https://evil.example/claim" style="position:fixed;inset:0">Tap to verify</a>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example"><img src="x" onerror="alert(1)">';

const rejected: Notice = {
  id: 'nt_w',
  kind: 'message',
  code: 'message.withdraw.rejected',
  params: { orderNo: 'W2026030200001', amount: '700.00', currency: 'MXN', reason: MARKUP_REASON },
  title: 'Withdrawal rejected',
  content: `Your withdrawal W2026030200001 of 700.00 MXN was rejected and the amount is available again. Reason: ${MARKUP_REASON}`,
  createdAt: '2026-03-02T18:00:00Z',
};

const legacy: Notice = {
  id: 'nt_old',
  kind: 'message',
  code: 'message.legacy',
  params: { title: 'Deposit rejected', content: MARKUP_REASON },
  title: 'Deposit rejected',
  content: MARKUP_REASON,
  createdAt: '2026-03-01T18:00:00Z',
};

const lendingDone: Notice = {
  id: 'nt_l',
  kind: 'message',
  code: 'message.lending.completed',
  params: {
    product: 'MXN 30-day lending',
    'product.de': 'MXN-Verleihung 30 Tage',
    'product.zh': 'MXN 30 天出借',
    'product.esp': 'Préstamo de MXN a 30 días',
    'product.kor': 'MXN 30일 대여',
    amount: '10000.00',
    interest: '90.00',
    currency: 'MXN',
  },
  title: 'Lending completed',
  content: 'MXN 30-day lending: 10000.00 MXN and interest of 90.00 MXN credited to your available balance.',
  createdAt: '2026-03-31T00:00:05Z',
};

const forEveryone: Notice = {
  id: 'nt_all',
  kind: 'notice',
  code: null,
  params: null,
  title: 'Holiday hours',
  content:
    '<p>Closed on <em>Monday</em>.</p><meta http-equiv="refresh" content="0;url=https://evil.example">' +
    '<a href="https://example.com/hours" style="position:fixed;inset:0">hours</a><a href="javascript:alert(1)">js</a><script>alert(1)</script>',
  createdAt: '2026-03-01T09:00:00Z',
};

function renderMessage(id: string) {
  stubApi({ '/user/notice': { data: [rejected, legacy, forEveryone] } });
  return renderAt(`/information/msgInfo?id=${id}`, [page('/information/msgInfo', <MsgInfoPage />)]);
}

function expectNothingActive(root: ParentNode) {
  expect(root.querySelector('a')).toBeNull();
  expect(root.querySelector('meta')).toBeNull();
  expect(root.querySelector('img')).toBeNull();
  expect(document.querySelector('meta[http-equiv]')).toBeNull();
}

describe('a personal message', () => {
  setUpSignedInTests('5215512345678');

  it('shows a reason with markup as the literal text, with no link, meta or image on the page', async () => {
    const { container } = renderMessage('nt_w');
    const body = await screen.findByTestId('message-body');
    expectNothingActive(container);
    expect(body.textContent).toBe(
      `Your withdrawal W2026030200001 of Mex$700.00 was rejected and the amount is available again. Reason: ${MARKUP_REASON}`,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Withdrawal rejected');
  });

  it('is translated from its code into the chosen language, the reason still literal text', async () => {
    sessionStore.getState().setLanguage('de');
    const { container } = renderMessage('nt_w');
    const body = await screen.findByTestId('message-body');
    expectNothingActive(container);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Auszahlung abgelehnt');
    expect(body.textContent).toContain('W2026030200001');
    expect(body.textContent).toContain(`Grund: ${MARKUP_REASON}`);
  });

  it("names the product in the reader's language", async () => {
    const names = { de: 'MXN-Verleihung 30 Tage', zh: 'MXN 30 天出借', en: 'MXN 30-day lending' } as const;
    for (const language of ['de', 'zh', 'en'] as const) {
      sessionStore.getState().setLanguage(language);
      stubApi({ '/user/notice': { data: [lendingDone] } });
      const { unmount } = renderAt('/information/msgInfo?id=nt_l', [page('/information/msgInfo', <MsgInfoPage />)]);
      const body = await screen.findByTestId('message-body');
      expect(body.textContent?.startsWith(names[language]), `${language}: ${body.textContent}`).toBe(true);
      for (const other of Object.values(names).filter((n) => n !== names[language]))
        expect(body.textContent).not.toContain(other);
      unmount();
    }
  });

  it('stored before messages were codes, shows its old texts as text', async () => {
    const { container } = renderMessage('nt_old');
    const body = await screen.findByTestId('message-body');
    expectNothingActive(container);
    expect(body.textContent).toBe(MARKUP_REASON);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Deposit rejected');
  });

  it('with a code this app does not know falls back to the English text, still as text', async () => {
    stubApi({ '/user/notice': { data: [{ ...rejected, code: 'message.future.thing' }] } });
    const { container } = renderAt('/information/msgInfo?id=nt_w', [page('/information/msgInfo', <MsgInfoPage />)]);
    const body = await screen.findByTestId('message-body');
    expectNothingActive(container);
    expect(body.textContent).toBe(rejected.content);
  });

  it('is listed under its translated title', async () => {
    sessionStore.getState().setLanguage('zh');
    stubApi({ '/user/notice': { data: [rejected] } });
    renderAt('/information/userInfo', [page('/information/userInfo', <UserInfoPage />)]);
    await userEvent.setup({ delay: null }).click(await screen.findByText(i18n.t('ui.notice.tabMessage')));
    const item = await screen.findByTestId('notice-nt_w');
    expect(item.querySelector('.title')?.textContent).toContain('出金已駁回');
    expect(item.textContent).not.toContain('Withdrawal rejected');
  });
});

describe('a notice for everyone', () => {
  setUpSignedInTests('5215512345678');

  it('renders its HTML sanitised again on the way out: no meta, no script, no style, no javascript: link', async () => {
    const { container } = renderMessage('nt_all');
    const detail = await screen.findByTestId('notice-detail');
    expect(detail.querySelector('.rich-text p em')?.textContent).toBe('Monday');
    expect(container.querySelector('meta')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(document.querySelector('meta[http-equiv]')).toBeNull();
    const links = [...detail.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/hours', null]);
    expect(links.every((a) => !a.hasAttribute('style'))).toBe(true);
    expect(screen.queryByTestId('message-body')).toBeNull();
  });
});
