// @vitest-environment jsdom
/**
 * The unread dot (spec §2): the message icon of the header and of Mine shows a red dot while any
 * notice or message id is missing from the read ids kept on this device; the notices page marks
 * the tab with unread items and each unread item; opening an item marks it read and the dots go.
 */
import type { Notice } from '@brokerage/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../../components/Header';
import { MessagesButton } from '../../components/MessagesButton';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import MsgInfoPage from './MsgInfoPage';
import UserInfoPage from './UserInfoPage';

const welcome: Notice = {
  id: 'nt_welcome',
  kind: 'notice',
  code: null,
  params: null,
  title: 'Welcome',
  content: '<p>Hello</p>',
  createdAt: '2026-03-01T09:00:00Z',
};
const approved: Notice = {
  id: 'nt_dep',
  kind: 'message',
  code: 'message.deposit.approved',
  params: { orderNo: 'D2026030200001', amount: '1000.00', currency: 'MXN' },
  title: 'Deposit approved',
  content: '…',
  createdAt: '2026-03-02T18:00:00Z',
};
const stoppedOut: Notice = {
  id: 'nt_so',
  kind: 'message',
  code: 'message.position.stop_out',
  params: {
    orderNo: 'O1',
    code: 'WALMEX',
    name: 'Walmart de México',
    lots: '100',
    price: '61.20',
    profit: '-812.50',
    amount: '187.50',
    currency: 'MXN',
  },
  title: 'Position stopped out',
  content: '…',
  createdAt: '2026-03-02T19:00:00Z',
};

function renderApp(path: string) {
  stubApi({ '/user/notice': { data: [stoppedOut, approved, welcome] }, '/common/config': { data: [] } });
  return renderAt(path, [
    page('/home/index', <Header onOpenPanel={() => undefined} />),
    page('/information/index', <MessagesButton testId="mine-messages" />),
    page('/information/userInfo', <UserInfoPage />),
    page('/information/msgInfo', <MsgInfoPage />),
  ]);
}

describe('the unread dot', () => {
  setUpSignedInTests('5215512345678');
  beforeEach(() => {
    sessionStore.setState({ readMsgIds: [] });
  });

  it('shows on the header and Mine icons while a notice or message is unread, and not once all are read', async () => {
    sessionStore.getState().markRead('nt_welcome');
    const home = renderApp('/home/index');
    expect(await screen.findByTestId('header-messages-dot')).toBeTruthy();
    expect(screen.getByTestId('header-messages').getAttribute('aria-label')).toMatch(/unread/i);
    home.unmount();
    const mine = renderApp('/information/index');
    expect(await screen.findByTestId('mine-messages-dot')).toBeTruthy();
    mine.unmount();
    for (const id of ['nt_dep', 'nt_so']) sessionStore.getState().markRead(id);
    renderApp('/information/index');
    await waitFor(() => expect(screen.getByTestId('mine-messages').getAttribute('aria-label')).not.toMatch(/unread/i));
    expect(screen.queryByTestId('mine-messages-dot')).toBeNull();
  });

  it('marks the tab and the items that are unread; opening a message reads it, in the chosen language', async () => {
    sessionStore.getState().setLanguage('de');
    sessionStore.getState().markRead('nt_welcome');
    sessionStore.getState().markRead('nt_dep');
    const { router } = renderApp('/information/userInfo');
    expect(await screen.findByTestId('notice-tab-message-dot')).toBeTruthy();
    expect(screen.queryByTestId('notice-tab-notice-dot')).toBeNull();
    await userEvent.click(screen.getByTestId('notice-tab-message'));
    const item = await screen.findByTestId('notice-nt_so');
    expect(item.querySelector('.dot.unread')).not.toBeNull();
    expect(item.textContent).toContain('Position zwangsgeschlossen');
    expect(screen.getByTestId('notice-nt_dep').querySelector('.dot.unread')).toBeNull();
    await userEvent.click(item);
    const body = await screen.findByTestId('message-body');
    expect(body.textContent).toContain('Walmart de México');
    // German separators (issue 16 item 7), for the money and the price alike
    expect(body.textContent).toContain('-Mex$812,50');
    expect(body.textContent).toContain('61,20');
    expect(sessionStore.getState().readMsgIds).toContain('nt_so');
    await router.navigate('/information/userInfo');
    await screen.findByTestId('notice-tab-message');
    expect(screen.queryByTestId('notice-tab-message-dot')).toBeNull();
  }, 20_000);
});
