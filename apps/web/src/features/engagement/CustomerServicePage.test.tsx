// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import CustomerServicePage, { serviceChatLink } from './CustomerServicePage';

function renderService(serviceLink: string | null) {
  stubApi({
    '/common/config': { data: serviceLink === null ? [] : [{ name: 'service_link', value: serviceLink }] },
    '/user/getUserinfo': { data: userInfo('verified', { id: 'u_42' }) },
  });
  return renderAt('/information/service', [page('/information/service', <CustomerServicePage />)]);
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the customer-service link', () => {
  it('is the configured value plus the account number (encoded), or nothing when none is configured', () => {
    expect(serviceChatLink('https://chat.example.com/?account=', '5215550000000')).toBe(
      'https://chat.example.com/?account=5215550000000',
    );
    expect(serviceChatLink('https://chat.example.com/?account=', 'a&b')).toBe(
      'https://chat.example.com/?account=a%26b',
    );
    expect(serviceChatLink('https://chat.example.com/?account=', undefined)).toBe('https://chat.example.com/?account=');
    expect(serviceChatLink('  ', '5215550000000')).toBeNull();
    expect(serviceChatLink(undefined, '5215550000000')).toBeNull();
  });
});

describe('the customer-service page', () => {
  setUpSignedInTests(ACCOUNT);
  afterEach(() => Reflect.deleteProperty(navigator, 'onLine'));

  it('opens the chat with the account number, in a new window, and never shows or sends the internal id', async () => {
    const { container } = renderService('https://chat.example.com/?account=');
    const open = await screen.findByTestId('service-open');
    await screen.findByTestId('service-account');
    expect(open.getAttribute('href')).toBe(`https://chat.example.com/?account=${ACCOUNT}`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('service-account').textContent).toBe(ACCOUNT);
    // the page shows a button, not the raw address, and the internal id appears nowhere
    expect(container.textContent).not.toContain('chat.example.com');
    expect(container.innerHTML).not.toContain('u_42');
  });

  it('says when nothing is configured', async () => {
    renderService(null);
    expect(await screen.findByTestId('service-unconfigured')).toBeTruthy();
    expect(screen.queryByTestId('service-open')).toBeNull();
  });

  it('still shows offline, with the chat held until the connection is back', async () => {
    renderService('https://chat.example.com/?account=');
    await screen.findByTestId('service-open');
    setOnline(false);
    expect(screen.getByTestId('service-offline').textContent).toContain('You are offline');
    expect(screen.getByTestId('service-open').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Before you write')).toBeTruthy();
    setOnline(true);
    expect(screen.queryByTestId('service-offline')).toBeNull();
    expect(screen.getByTestId('service-open').getAttribute('aria-disabled')).toBe('false');
  });

  it('renders without a session and without any answer from the server', async () => {
    sessionStore.getState().signOut();
    setOnline(false);
    stubApi({});
    renderAt('/information/service', [page('/information/service', <CustomerServicePage />)]);
    expect(await screen.findByTestId('service-offline')).toBeTruthy();
    expect(screen.getByText('Never share your login or fund password, not even with customer service.')).toBeTruthy();
  });
});
