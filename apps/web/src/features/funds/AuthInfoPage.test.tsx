// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import AuthInfoPage from './AuthInfoPage';
import { ACCOUNT, kycStatus, uploadAnswer, userInfo } from '../../test-fixtures';

function renderAuthInfo() {
  return renderAt('/information/authInfo', [page('/information/authInfo', <AuthInfoPage />)]);
}

function png(name: string, size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the real-name screen', () => {
  setUpSignedInTests(ACCOUNT);

  it('joins the split ID number into the full idNumber and submits it with both uploaded photos', async () => {
    const user = userEvent.setup({ delay: null });
    let state = kycStatus('none');
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('none') },
      '/user/kycStatus': () => ({ data: state }),
      '/upload/image': (body) => ({
        data: uploadAnswer(String((body as { purpose: string }).purpose)),
        code: 'result.upload.ok',
      }),
      '/user/kycSubmit': () => {
        state = kycStatus('pending');
        return { data: state, code: 'result.submit.ok' };
      },
    });
    renderAuthInfo();

    await user.type(await screen.findByTestId('kyc-name'), 'Ana López');
    await user.type(screen.getByTestId('kyc-id-first'), 'lopa85');
    // The sixth character moves on to the middle box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('kyc-id-middle')));
    await user.type(screen.getByTestId('kyc-id-middle'), '0101HDFRRN0');
    await user.type(screen.getByTestId('kyc-id-last'), '7');
    expect((screen.getByTestId('kyc-id-first') as HTMLInputElement).value).toBe('LOPA85');

    await user.upload(screen.getByTestId('kyc-front-input'), png('front.png'));
    await user.upload(screen.getByTestId('kyc-back-input'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(
      api
        .callsTo('/upload/image')
        .map((body) => (body as { purpose: string }).purpose)
        .sort(),
    ).toEqual(['kyc_back', 'kyc_front']);

    await user.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(api.callsTo('/user/kycSubmit')).toHaveLength(1));
    expect(api.callsTo('/user/kycSubmit')[0]).toEqual({
      name: 'Ana López',
      idNumber: 'LOPA850101HDFRRN07',
      frontImageId: 'img_kyc_front',
      backImageId: 'img_kyc_back',
    });
    // Pending: the status card with the submitted time, and no form.
    await waitFor(() => expect(screen.getByTestId('kyc-status').getAttribute('data-status')).toBe('pending'));
    expect(screen.getByTestId('kyc-status').textContent).toContain('03/01/2025');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
  }, 20_000);

  it('spreads a whole number pasted into the first box over the three boxes', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ '/user/getUserinfo': { data: userInfo('none') }, '/user/kycStatus': { data: kycStatus('none') } });
    renderAuthInfo();
    const first = await screen.findByTestId('kyc-id-first');
    await user.click(first);
    await user.paste('LOPA850101HDFRRN07');
    expect((screen.getByTestId('kyc-id-first') as HTMLInputElement).value).toBe('LOPA85');
    expect((screen.getByTestId('kyc-id-middle') as HTMLInputElement).value).toBe('0101HDFRRN0');
    expect((screen.getByTestId('kyc-id-last') as HTMLInputElement).value).toBe('7');
  });

  it('refuses an image over 5 MB on the phone, before anything is uploaded', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('none') },
      '/user/kycStatus': { data: kycStatus('none') },
      '/upload/image': { data: uploadAnswer('kyc_front') },
    });
    renderAuthInfo();
    await user.upload(await screen.findByTestId('kyc-front-input'), png('huge.png', 5_242_881));
    expect(await screen.findByText('This image is larger than 5 MB. Please choose a smaller one.')).toBeTruthy();
    expect(api.callsTo('/upload/image')).toHaveLength(0);

    // Exactly 5 MB is still accepted.
    await user.upload(screen.getByTestId('kyc-front-input'), png('limit.png', 5_242_880));
    await waitFor(() => expect(api.callsTo('/upload/image')).toHaveLength(1));
  });

  it('shows the rejection reason and the form again after a rejection', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('rejected') },
      '/user/kycStatus': { data: kycStatus('rejected') },
    });
    renderAuthInfo();
    expect((await screen.findByTestId('kyc-reject-reason')).textContent).toBe('Photo unreadable');
    expect(screen.getByTestId('kyc-submit')).toBeTruthy();
  });
});
