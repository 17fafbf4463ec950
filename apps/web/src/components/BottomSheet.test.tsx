// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { sessionStore } from '../store/session';
import { BottomSheet } from './BottomSheet';

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <BottomSheet
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Statement"
        testId="the-sheet"
      >
        <p>inside</p>
      </BottomSheet>
    </>
  );
}

describe('the bottom sheet', () => {
  beforeEach(() => act(() => sessionStore.getState().setLanguage('de')));
  afterEach(() => cleanup());

  it('is a modal dialog named by its heading, with its content in the body', () => {
    render(<Harness onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Statement' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('data-testid')).toBe('the-sheet');
    expect(dialog.querySelector('.sheet-body')?.textContent).toBe('inside');
  });

  it('closes from its close button, named in the language of the app', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when the backdrop is tapped', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const mask = document.querySelector('.adm-mask');
    expect(mask).not.toBeNull();
    fireEvent.click(mask!.querySelector('.adm-mask-aria-button') ?? mask!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
