// @vitest-environment jsdom
/**
 * The assets card's frozen figure is a sum converted to the display currency: tapping it shows the
 * frozen money of each currency in that currency and says that the total is converted, and at which
 * rates (a USD block-trade hold shown only as pesos said nothing of where it came from).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, ACCOUNT, assets } from '../test-fixtures';
import { page, renderAt, setUpSignedInTests, stubApi } from '../test-support';
import { AssetsCard } from './AssetsCard';

function renderCard(answer: ReturnType<typeof assets>) {
  stubApi({ '/user/assets': { data: answer } });
  return renderAt('/mine', [page('/mine', <AssetsCard testIds />)]);
}

describe('the frozen money of the assets card', () => {
  setUpSignedInTests(ACCOUNT);

  it('opens a list per currency in its own currency, and says the total is converted', async () => {
    renderCard({
      ...assets([
        account('MXN', '1000.00', { frozen: '1500.00' }),
        account('USD', '0.00', { frozen: '20000.00' }),
        account('EUR', '10.00'),
      ]),
      frozen: '418208.37',
    });
    const toggle = await screen.findByTestId('mine-frozen-toggle');
    expect(screen.getByTestId('mine-frozen').textContent).toBe('Mex$418,208.37');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('mine-frozen-breakdown')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('mine-frozen-USD').textContent).toBe('USD$20,000.00');
    expect(screen.getByTestId('mine-frozen-MXN').textContent).toBe('MXNMex$1,500.00');
    expect(screen.queryByTestId('mine-frozen-EUR')).toBeNull(); // nothing frozen there
    expect(screen.getByTestId('mine-frozen-converted').textContent).toMatch(
      /converted to MXN at the exchange rates of/,
    );

    await userEvent.click(toggle);
    expect(screen.queryByTestId('mine-frozen-breakdown')).toBeNull();
  });

  it('says nothing is frozen, without a conversion note, when nothing is', async () => {
    renderCard(assets([account('MXN', '1000.00')]));
    await userEvent.click(await screen.findByTestId('mine-frozen-toggle'));
    expect(screen.getByTestId('mine-frozen-breakdown').textContent).toContain('Nothing is frozen.');
    expect(screen.queryByTestId('mine-frozen-converted')).toBeNull();
  });
});
