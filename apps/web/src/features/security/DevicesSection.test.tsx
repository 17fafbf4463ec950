// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openDialog, page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { DevicesSection } from './DevicesSection';

const phone = {
  id: 's_phone',
  current: true,
  device: 'Chrome · Android',
  ip: '203.0.113.0/24',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-29T08:00:00.000Z',
};
const laptop = {
  id: 's_laptop',
  current: false,
  device: '',
  ip: '198.51.100.0/24',
  createdAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-28T08:00:00.000Z',
};

function renderDevices() {
  return renderAt('/information/security', [page('/information/security', <DevicesSection />)]);
}

describe('the signed-in devices (docs/api.md §23.8)', () => {
  setUpSignedInTests(ACCOUNT);

  it('lists the sessions, marks this device, names an unknown one, and ends another only after a confirmation', async () => {
    let list = [phone, laptop];
    const api = stubApi({
      '/user/sessions': () => ({ data: { list } }),
      '/user/sessionRevoke': () => {
        list = [phone];
        return { data: null, code: 'result.update.ok' };
      },
    });
    renderDevices();
    const row = await screen.findByTestId('security-device-s_laptop');
    expect(row.textContent).toContain('Unknown device');
    expect(row.textContent).toContain('198.51.100.0/24');
    const mine = screen.getByTestId('security-device-s_phone');
    expect(within(mine).getByTestId('security-device-current').textContent).toBe('This device');
    // no way to end this device here: it signs out from the Mine page
    expect(screen.queryByTestId('security-device-end-s_phone')).toBeNull();

    // asked first; cancelling sends nothing (the dialog ignores pointer events while it animates in)
    const keep = await openDialog(() =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign out Unknown device' })),
    );
    expect(keep.textContent).toContain('Sign out Unknown device (198.51.100.0/24)?');
    fireEvent.click(within(keep).getByText('Cancel'));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
    expect(api.callsTo('/user/sessionRevoke')).toHaveLength(0);

    const dialog = await openDialog(() => fireEvent.click(screen.getByTestId('security-device-end-s_laptop')));
    fireEvent.click(within(dialog).getByText('Sign out'));
    await waitFor(() => expect(api.callsTo('/user/sessionRevoke')).toEqual([{ sessionId: 's_laptop' }]));
    expect(await screen.findByTestId('security-devices-only')).toBeTruthy();
    expect(screen.queryByTestId('security-device-s_laptop')).toBeNull();
  });

  it('signs out all other devices after a confirmation', async () => {
    const api = stubApi({
      '/user/sessions': { data: { list: [phone, laptop] } },
      '/user/sessionRevokeOthers': { data: null, code: 'result.update.ok' },
    });
    renderDevices();
    const button = await screen.findByTestId('security-devices-end-others');
    const dialog = await openDialog(() => fireEvent.click(button));
    fireEvent.click(within(dialog).getByText('Sign out all other devices'));
    await waitFor(() => expect(api.callsTo('/user/sessionRevokeOthers')).toEqual([{}]));
  });

  it('offers a retry when the list cannot load', async () => {
    stubApi({ '/user/sessions': { status: 0, code: 'system.error', msg: 'x', httpStatus: 500 } });
    renderDevices();
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
