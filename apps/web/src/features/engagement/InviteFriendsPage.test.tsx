// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { registerLink } from './invite-link';
import InviteFriendsPage from './InviteFriendsPage';
import { qrPath } from './QrCode';

function renderInvite() {
  stubApi({
    '/invite/info': { data: { inviteCode: 'K7M2Q9', invitedCount: 3 } },
    '/common/config': { data: [{ name: 'title', value: 'Meridian Securities' }] },
  });
  return renderAt('/information/inviteFriends', [page('/information/inviteFriends', <InviteFriendsPage />)]);
}

function stubClipboard() {
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('the invitation link and its QR code', () => {
  it('opens the register screen with the code', () => {
    expect(registerLink('K7 M2', { origin: 'https://app.example.com', pathname: '/' })).toBe(
      'https://app.example.com/#/login/register?code=K7%20M2',
    );
  });

  it('draws exactly the modules of the QR code, inside a 4-module quiet zone', () => {
    const text = 'https://app.example.com/#/login/register?code=K7M2Q9';
    const { size, path } = qrPath(text);
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const count = qr.getModuleCount();
    expect(size).toBe(count + 8);
    let dark = 0;
    for (let r = 0; r < count; r += 1) for (let c = 0; c < count; c += 1) if (qr.isDark(r, c)) dark += 1;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true); // the finder pattern's corner
  });
});

describe('the invite friends screen', () => {
  setUpSignedInTests(ACCOUNT);
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the code, the friends registered and the QR code of the registration link', async () => {
    renderInvite();
    expect((await screen.findByTestId('invite-code')).textContent).toBe('K7M2Q9');
    expect(screen.getByTestId('invite-count').textContent).toBe('3 friends');
    const link = `${window.location.origin}${window.location.pathname}#/login/register?code=K7M2Q9`;
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    const qr = screen.getByTestId('invite-qr');
    expect(qr.getAttribute('data-text')).toBe(link);
    expect(qr.getAttribute('aria-label')).toBe('QR code of the registration link with the invitation code K7M2Q9');
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(link).path);
  });

  it('copies the code', async () => {
    const writeText = stubClipboard();
    renderInvite();
    fireEvent.click(await screen.findByTestId('invite-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('K7M2Q9'));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('shares through the Web Share API where there is one', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = stubClipboard();
    renderInvite();
    fireEvent.click(await screen.findByTestId('invite-share'));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Join me on Meridian Securities',
      text: 'Open an account with my invitation code K7M2Q9.',
      url: `${window.location.origin}${window.location.pathname}#/login/register?code=K7M2Q9`,
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser cannot share', async () => {
    const writeText = stubClipboard();
    renderInvite();
    fireEvent.click(await screen.findByTestId('invite-share'));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('#/login/register?code=K7M2Q9')),
    );
    expect(await screen.findByText('Invitation link copied')).toBeTruthy();
  });
});
