// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { PasskeysSection } from './PasskeysSection';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Meridian Securities' } };

const passkey = (i: number, lastUsedAt: string | null = null) => ({
  id: `pk_${i}`,
  name: `Phone ${i}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt,
});

function renderSection() {
  return renderAt('/information/security', [page('/information/security', <PasskeysSection />)]);
}

/** jsdom has no WebAuthn; these tests give it the constructor a browser with passkeys has. */
function withWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
}

describe('the Passkeys section (docs/api.md §23.7)', () => {
  setUpSignedInTests(ACCOUNT);
  // a block body: a function returned from beforeEach is run as its teardown (mockReset returns the mock)
  beforeEach(() => {
    browser.startRegistration.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains passkeys when there are none, and tells a browser without WebAuthn it cannot add one', async () => {
    stubApi({ '/user/passkeys': { data: { list: [] } } });
    renderSection();
    const empty = await screen.findByTestId('passkey-empty');
    expect(empty.textContent).toMatch(/No passkeys yet/);
    expect(screen.getByText(/fingerprint, face or screen lock/)).toBeTruthy();
    expect(screen.getByTestId('passkey-unsupported').textContent).toMatch(/cannot use passkeys/);
    expect(screen.queryByTestId('passkey-add')).toBeNull();
  });

  it('adds a passkey: a name first, then the browser dialog with the server options, then the list again', async () => {
    withWebAuthn();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    let list = [] as ReturnType<typeof passkey>[];
    const api = stubApi({
      '/user/passkeys': () => ({ data: { list } }),
      '/user/passkeyOptions': { data: OPTIONS },
      '/user/passkeyAdd': (body) => {
        list = [{ ...passkey(1), name: (body as { name: string }).name }];
        return { data: list[0], code: 'result.update.ok' };
      },
    });
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    renderSection();
    await user.click(await screen.findByTestId('passkey-add'));
    await user.click(screen.getByTestId('passkey-create'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Name/);
    expect(api.callsTo('/user/passkeyOptions')).toHaveLength(0);
    await user.type(screen.getByTestId('passkey-name'), '  Work laptop ');
    await user.click(screen.getByTestId('passkey-create'));
    await waitFor(() => expect(api.callsTo('/user/passkeyAdd')).toHaveLength(1));
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('/user/passkeyAdd')).toEqual([{ response: REGISTRATION, name: 'Work laptop' }]);
    const item = await screen.findByTestId('passkey-item');
    expect(item.textContent).toContain('Work laptop');
    expect(item.textContent).toContain('not used yet');
  });

  it('keeps the sheet and its name when the person closes the browser dialog, and sends nothing', async () => {
    withWebAuthn();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const api = stubApi({ '/user/passkeys': { data: { list: [] } }, '/user/passkeyOptions': { data: OPTIONS } });
    browser.startRegistration.mockImplementation(() =>
      Promise.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' })),
    );
    renderSection();
    await user.click(await screen.findByTestId('passkey-add'));
    await user.type(screen.getByTestId('passkey-name'), 'Work laptop');
    await user.click(screen.getByTestId('passkey-create'));
    expect(await screen.findByText(/The passkey was not created/)).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenCalledTimes(1);
    expect(api.callsTo('/user/passkeyAdd')).toHaveLength(0);
    // still open with what was typed: one more press tries again
    expect((screen.getByTestId('passkey-name') as HTMLInputElement).value).toBe('Work laptop');
    expect(screen.queryByTestId('passkey-item')).toBeNull();
  });

  it('removes a passkey after the login password in a sheet; each row names its remove button', async () => {
    withWebAuthn();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    let list = [passkey(1, '2026-03-02T08:30:00.000Z'), passkey(2)];
    const api = stubApi({
      '/user/passkeys': () => ({ data: { list } }),
      '/user/passkeyRemove': (body) => {
        list = list.filter((p) => p.id !== (body as { passkeyId: string }).passkeyId);
        return { data: null, code: 'result.update.ok' };
      },
    });
    renderSection();
    expect(await screen.findAllByTestId('passkey-item')).toHaveLength(2);
    expect(screen.getByTestId('passkey-count').textContent).toBe('2 of 10');
    expect(screen.getAllByTestId('passkey-item')[0]!.textContent).toContain('last used');
    await user.click(screen.getByRole('button', { name: 'Remove the passkey Phone 2' }));
    const sheet = await screen.findByTestId('passkey-remove-sheet');
    expect(sheet.textContent).toContain('Phone 2');
    fireEvent.click(within(sheet).getByTestId('passkey-remove-confirm'));
    expect(api.callsTo('/user/passkeyRemove')).toHaveLength(0);
    fireEvent.change(within(sheet).getByTestId('passkey-remove-password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(sheet).getByTestId('passkey-remove-confirm'));
    await waitFor(() =>
      expect(api.callsTo('/user/passkeyRemove')).toEqual([{ passkeyId: 'pk_2', password: 'Secret123' }]),
    );
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
  });

  it('keeps the sheet open on a wrong password and empties the field', async () => {
    withWebAuthn();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    stubApi({
      '/user/passkeys': { data: { list: [passkey(1)] } },
      '/user/passkeyRemove': { status: 0, code: 'password.original_wrong', msg: 'Wrong' },
    });
    renderSection();
    await user.click(await screen.findByTestId('passkey-remove'));
    const sheet = await screen.findByTestId('passkey-remove-sheet');
    const field = within(sheet).getByTestId('passkey-remove-password') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Wrong123' } });
    fireEvent.click(within(sheet).getByTestId('passkey-remove-confirm'));
    await waitFor(() => expect(field.value).toBe(''));
    expect(screen.getByTestId('passkey-remove-sheet')).toBeTruthy();
    expect(screen.getAllByTestId('passkey-item')).toHaveLength(1);
  });

  it('offers no add button at 10 passkeys and says why', async () => {
    withWebAuthn();
    stubApi({ '/user/passkeys': { data: { list: Array.from({ length: 10 }, (_, i) => passkey(i)) } } });
    renderSection();
    expect((await screen.findByTestId('passkey-full')).textContent).toMatch(/at most 10 passkeys/);
    expect(screen.queryByTestId('passkey-add')).toBeNull();
  });
});
