// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../store/session';
import { ApiError, call, post } from './client';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('the API client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().signOut();
    sessionStore.getState().signIn('tok123', '5215512345678');
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('posts JSON to /api/vue with the session headers and unwraps data', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 1, msg: 'ok', data: [{ name: 'title', value: 'X' }] }));
    await expect(call('config', { type: 'all' })).resolves.toEqual([{ name: 'title', value: 'X' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/vue/common/config');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"type":"all"}');
    expect(init?.headers).toMatchObject({ token: 'tok123', account: '5215512345678' });
  });

  it('toasts a rejection in the chosen language and rejects with its code', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        status: 0,
        msg: 'Minimum withdrawal is 500.00 MXN.',
        code: 'withdraw.below_min',
        params: { min: '500.00', currency: 'MXN' },
      }),
    );
    const result = post('/funds/withdraw', { amount: '1.00' });
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await expect(result).rejects.toMatchObject({ code: 'withdraw.below_min' });
    expect(await screen.findByText('Minimum withdrawal is Mex$500.00.')).toBeTruthy();
  });

  it('after a 401 clears local storage and goes to the login screen 2 s later', async () => {
    vi.useFakeTimers();
    localStorage.setItem('language', 'de');
    fetchMock.mockResolvedValueOnce(
      answer(401, { status: 0, msg: 'Please log in.', code: 'auth.required', params: {} }),
    );
    await expect(post('/user/assets', {})).rejects.toMatchObject({ kind: 'unauthorised' });
    expect(localStorage.getItem('tokend')).toBe('tok123');
    vi.advanceTimersByTime(2000);
    expect(localStorage.length).toBe(0);
    expect(sessionStore.getState().tokend).toBe('');
    expect(window.location.hash).toBe('#/login/login');
  });
});
