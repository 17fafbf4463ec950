// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ProfileEntries } from '../account';
import { HomePage } from '../home';
import { ACCOUNT, userInfo } from '../../test-fixtures';

describe('the ways to the engagement screens', () => {
  setUpSignedInTests(ACCOUNT);

  it('Mine: check-in, invite friends, and customer service as the in-app page', async () => {
    stubApi({ '/user/getUserinfo': { data: userInfo() } });
    renderAt('/information/index', [page('/information/index', <ProfileEntries />)]);
    expect((await screen.findByTestId('mine-checkIn')).getAttribute('href')).toBe('/information/checkIn');
    expect(screen.getByTestId('mine-inviteFriends').getAttribute('href')).toBe('/information/inviteFriends');
    const service = screen.getByTestId('mine-service');
    expect(service.getAttribute('href')).toBe('/information/service');
    expect(service.textContent).toContain('Customer service');
  });

  it('home: check-in and the premium subscription explainer', async () => {
    stubApi({ '/user/getUserinfo': { data: userInfo() } });
    renderAt('/home/index', [page('/home/index', <HomePage />)]);
    expect((await screen.findByTestId('quick-checkIn')).getAttribute('href')).toBe('/information/checkIn');
    expect(screen.getByTestId('quick-premium').getAttribute('href')).toBe('/information/premium');
  });
});
