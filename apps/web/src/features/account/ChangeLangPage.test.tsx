// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/queries';
import { i18n } from '../../i18n';
import ChangeLangPage from './ChangeLangPage';

describe('the language screen', () => {
  it('switches the interface to German at once and stores language = de', async () => {
    const router = createMemoryRouter([{ path: '/information/changeLang', element: <ChangeLangPage /> }], {
      initialEntries: ['/information/changeLang'],
    });
    render(
      <AppProviders queryClient={createQueryClient()} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy();
    expect(screen.getByTestId('lang-de').textContent).toBe('Deutsch');
    expect(screen.getByTestId('lang-zh').textContent).toBe('繁體中文');

    await userEvent.click(screen.getByTestId('lang-de'));

    expect(await screen.findByRole('heading', { name: 'Sprache' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('de');
    expect(screen.getByTestId('lang-de').getAttribute('aria-checked')).toBe('true');
  });
});
