// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@brokerage/contract';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { sanitiseAmountInput, toWireAmount } from '../lib/format';
import { sessionStore } from '../store/session';
import { AmountField } from './MoneyParts';

/** An AmountField as the money screens use it: the state holds the cleaned amount, a form sends its wire form. */
function Harness({ scale, sent }: { scale: number; sent: string[] }) {
  const [input, setInput] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent.push(JSON.stringify({ amount: toWireAmount(input) }));
      }}
    >
      <AmountField
        label="Amount"
        value={input}
        onChange={(typed) => setInput(sanitiseAmountInput(typed, scale))}
        currency="EUR"
        testId="amount"
      />
      <span data-testid="held">{input}</span>
      <button type="submit">send</button>
    </form>
  );
}

function renderIn(language: Language, scale = 2) {
  act(() => sessionStore.getState().setLanguage(language));
  const sent: string[] = [];
  render(<Harness scale={scale} sent={sent} />);
  return { sent, input: screen.getByTestId('amount') as HTMLInputElement };
}

describe('AmountField in the reader’s decimal mark (issue 30)', () => {
  afterEach(() => {
    cleanup();
    act(() => sessionStore.getState().setLanguage('en'));
  });

  it('in German shows "12,5" and holds and sends "12.5"', async () => {
    const user = userEvent.setup({ delay: null });
    const { input, sent } = renderIn('de');
    expect(input.placeholder).toBe('0,00');
    await user.type(input, '12,5');
    expect(input.value).toBe('12,5');
    expect(screen.getByTestId('held').textContent).toBe('12.5');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(JSON.parse(sent.at(-1)!)).toEqual({ amount: '12.5' });
  });

  it('in German takes a typed point too, shown as a comma, with the caret kept', async () => {
    const user = userEvent.setup({ delay: null });
    const { input } = renderIn('de');
    await user.type(input, '1000.50');
    expect(input.value).toBe('1000,50');
    expect(screen.getByTestId('held').textContent).toBe('1000.50');
    await user.clear(input);
    await user.type(input, '125');
    await user.type(input, '.', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input.value).toBe('12,5');
    expect(input.selectionStart).toBe(3);
  });

  it('in German reads a pasted "1.234,56" as 1234.56', async () => {
    const user = userEvent.setup({ delay: null });
    const { input, sent } = renderIn('de');
    await user.click(input);
    await user.paste('1.234,56');
    expect(input.value).toBe('1234,56');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(JSON.parse(sent.at(-1)!)).toEqual({ amount: '1234.56' });
  });

  it('in Spanish shows "12,5" and sends "12.5"', async () => {
    const user = userEvent.setup({ delay: null });
    const { input, sent } = renderIn('esp');
    await user.type(input, '12,5');
    expect(input.value).toBe('12,5');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(JSON.parse(sent.at(-1)!)).toEqual({ amount: '12.5' });
  });

  it('keeps the currency scale in every language: "12,345" stops at "12,34"', async () => {
    const user = userEvent.setup({ delay: null });
    const { input } = renderIn('de');
    await user.type(input, '12,345');
    expect(input.value).toBe('12,34');
    expect(screen.getByTestId('held').textContent).toBe('12.34');
  });

  it('in English, Chinese and Korean shows the point whichever mark was typed', async () => {
    const user = userEvent.setup({ delay: null });
    for (const language of ['en', 'zh', 'kor'] as const) {
      const { input, sent } = renderIn(language);
      expect(input.placeholder).toBe('0.00');
      await user.type(input, '12,5');
      expect(input.value).toBe('12.5');
      await user.click(screen.getByRole('button', { name: 'send' }));
      expect(JSON.parse(sent.at(-1)!)).toEqual({ amount: '12.5' });
      cleanup();
    }
  });
});
