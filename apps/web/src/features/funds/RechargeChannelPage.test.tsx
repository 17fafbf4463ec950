// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import RechargeChannelPage from './RechargeChannelPage';
import RechargePage from './RechargePage';
import { ACCOUNT, bankChannel, cryptoChannel, depositRecord, uploadAnswer, userInfo, UUID } from '../../test-fixtures';

const routes = [
  page('/information/recharge', <RechargePage />),
  page('/information/rechargeChannel', <RechargeChannelPage />),
];

function proof(): File {
  return new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
}

describe('depositing through a channel', () => {
  setUpSignedInTests(ACCOUNT);

  it('sends a requestId and sends the same one again after a network error', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/depositChannels': { data: { list: [bankChannel, cryptoChannel] } },
      '/upload/image': { data: uploadAnswer('deposit_proof'), code: 'result.upload.ok' },
      '/funds/deposit': { data: depositRecord(), code: 'result.deposit.ok' },
    });
    // The first deposit call never reaches the server.
    const answer = api.fetchMock.getMockImplementation();
    let dropped = false;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/funds/deposit') && !dropped) {
        dropped = true;
        throw new TypeError('Failed to fetch');
      }
      if (!answer) throw new Error('no stub');
      return answer(input, init);
    });
    renderAt('/information/rechargeChannel?channelId=ch_mx1', routes);

    // The company's account, each value with a copy button.
    expect((await screen.findByTestId('payee-accountNumber')).textContent).toContain('012180001234567891');
    expect(screen.getByTestId('copy-accountNumber')).toBeTruthy();

    await user.type(screen.getByTestId('deposit-amount'), '5000');
    await user.upload(screen.getByTestId('deposit-proof-input'), proof());
    await screen.findByText('Uploaded');

    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('deposit-submit') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('deposit-submit'));

    expect(await screen.findByTestId('deposit-result')).toBeTruthy();
    const calls = api.callsTo('/funds/deposit') as {
      channelId: string;
      amount: string;
      proofImageId: string;
      requestId: string;
    }[];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({
      channelId: 'ch_mx1',
      amount: '5000',
      proofImageId: 'img_deposit_proof',
      requestId: expect.stringMatching(UUID),
    });
    expect(calls[1]?.requestId).toBe(calls[0]?.requestId);
  }, 20_000);

  for (const [language, uploaded] of [
    ['de', 'Hochgeladen'],
    ['esp', 'Subida'],
  ] as const) {
    it(`in ${language} shows the amount with a decimal comma and sends it with a point (issue 30)`, async () => {
      const user = userEvent.setup({ delay: null });
      const api = stubApi({
        '/user/getUserinfo': { data: userInfo('verified') },
        '/funds/depositChannels': { data: { list: [bankChannel] } },
        '/upload/image': { data: uploadAnswer('deposit_proof'), code: 'result.upload.ok' },
        '/funds/deposit': { data: depositRecord(), code: 'result.deposit.ok' },
      });
      sessionStore.getState().setLanguage(language);
      renderAt('/information/rechargeChannel?channelId=ch_mx1', routes);
      const amount = (await screen.findByTestId('deposit-amount')) as HTMLInputElement;
      expect(amount.placeholder).toBe('0,00');
      await user.type(amount, '1250,5');
      expect(amount.value).toBe('1250,5');
      await user.clear(amount);
      // a point typed on a keypad that has one is the decimal mark too
      await user.type(amount, '1250.75');
      expect(amount.value).toBe('1250,75');
      await user.upload(screen.getByTestId('deposit-proof-input'), proof());
      await screen.findByText(uploaded);
      await user.click(screen.getByTestId('deposit-submit'));
      await waitFor(() => expect(api.callsTo('/funds/deposit')).toHaveLength(1));
      expect(api.callsTo('/funds/deposit')[0]).toMatchObject({ channelId: 'ch_mx1', amount: '1250.75' });
    }, 20_000);
  }

  it('asks for the proof before submitting, and shows the amount limits as rules before the press', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/depositChannels': { data: { list: [bankChannel] } },
      '/funds/deposit': { data: depositRecord() },
    });
    renderAt('/information/rechargeChannel?channelId=ch_mx1', routes);
    await user.type(await screen.findByTestId('deposit-amount'), '50');
    expect(screen.getByTestId('deposit-rule-min').textContent).toBe('Minimum deposit is Mex$100.00.');
    expect((screen.getByTestId('deposit-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByTestId('deposit-amount'));
    await user.type(screen.getByTestId('deposit-amount'), '150');
    expect(screen.queryByTestId('deposit-rule-min')).toBeNull();
    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Please upload the proof of payment first.')).toBeTruthy();
    expect(api.callsTo('/funds/deposit')).toHaveLength(0);
  });

  it('lists the channels of the chosen currency with their window and limits', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/depositChannels': { data: { list: [bankChannel, cryptoChannel] } },
    });
    renderAt('/information/recharge', routes);
    const row = await screen.findByTestId('recharge-channel-ch_mx1');
    expect(row.textContent).toContain('Open now');
    expect(row.textContent).toContain('Min. Mex$100.00 · max. Mex$1,000,000.00');
    expect(screen.queryByTestId('recharge-channel-ch_usdt')).toBeNull();
    await user.click(screen.getByTestId('recharge-currency-USDT'));
    expect(await screen.findByTestId('recharge-channel-ch_usdt')).toBeTruthy();
  });

  it('opens on the currency a link names (`?currency=USDT` from an order form), else the summary currency', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/depositChannels': { data: { list: [bankChannel, cryptoChannel] } },
    });
    renderAt('/information/recharge?currency=USDT', routes);
    expect(await screen.findByTestId('recharge-channel-ch_usdt')).toBeTruthy();
    expect(screen.getByTestId('recharge-currency-USDT').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('recharge-channel-ch_mx1')).toBeNull();
  });

  it('shows the real-name gate instead of the form until the name is verified', async () => {
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('none') },
      '/funds/depositChannels': { data: { list: [bankChannel] } },
    });
    renderAt('/information/recharge', routes);
    expect((await screen.findByTestId('kyc-gate')).getAttribute('data-kyc-status')).toBe('none');
    expect(screen.queryByTestId('recharge-channel-ch_mx1')).toBeNull();
    expect(api.callsTo('/funds/depositChannels')).toHaveLength(0);
  });
});
