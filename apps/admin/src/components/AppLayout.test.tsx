// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@brokerage/contract';
import { clearSession, setSession } from '../api/session';
import { sectionOfPath } from '../sections';
import { installBrowserStubs, renderScreen, screenTestTimeoutMs, stubAdminApi } from '../test-support';
import { AppLayout } from './AppLayout';

beforeAll(() => installBrowserStubs());

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function renderMenu(role: AdminRole) {
  setSession({ token: `tok-${role}`, role, username: role, expiresAt: null });
  stubAdminApi({});
  renderScreen(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<p>page</p>} />
      </Route>
    </Routes>,
    '/reviews/kyc',
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the menu', { timeout: screenTestTimeoutMs }, () => {
  it('lists every review queue under Reviews', () => {
    const menu = renderMenu('reviewer');
    expect(menu.getByText('Reviews')).toBeTruthy();
    for (const label of [
      'Real name',
      'Deposits',
      'Withdrawals',
      'Loans',
      'Credit raises',
      'Block trades',
      'Day trading',
    ]) {
      expect(menu.getByRole('menuitem', { name: label })).toBeTruthy();
    }
    expect(menu.queryByTestId('menu-upcoming-loan')).toBeNull();
    // A reviewer has no config right: neither the config nor the channel editor is offered.
    expect(menu.queryByRole('menuitem', { name: 'Config' })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Deposit channels' })).toBeNull();
  });

  it('offers the channel editor to an admin', () => {
    const menu = renderMenu('admin');
    expect(menu.getByRole('menuitem', { name: 'Deposit channels' })).toBeTruthy();
  });

  it('finds the most specific section of a path', () => {
    expect(sectionOfPath('/config/deposit-channels')?.label).toBe('Deposit channels');
    expect(sectionOfPath('/config')?.label).toBe('Config');
    expect(sectionOfPath('/reviews/deposit')?.right).toBe('review.read');
    expect(sectionOfPath('/reviews/loan')?.right).toBe('review.read');
  });
});
