// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { LotsStepper, REPEAT_DELAY_MS, REPEAT_EVERY_MS } from './LotsStepper';

function Harness({ initial = 1 }: { initial?: number }) {
  const [lots, setLots] = useState(initial);
  return <LotsStepper value={lots} onChange={setLots} label="Lots" />;
}

const lotsValue = () => (screen.getByTestId('order-lots') as HTMLInputElement).value;

describe('the lots stepper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('steps once on press, repeats after 600 ms every 200 ms, and stops on release', () => {
    expect(REPEAT_DELAY_MS).toBe(600);
    expect(REPEAT_EVERY_MS).toBe(200);
    render(<Harness />);
    const plus = screen.getByTestId('order-lots-plus');
    fireEvent.pointerDown(plus);
    expect(lotsValue()).toBe('2');
    act(() => {
      vi.advanceTimersByTime(599);
    });
    expect(lotsValue()).toBe('2');
    // At 600 ms the repeat starts; the first repeat comes 200 ms later.
    act(() => {
      vi.advanceTimersByTime(1 + 199);
    });
    expect(lotsValue()).toBe('2');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(lotsValue()).toBe('3');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(lotsValue()).toBe('5');
    fireEvent.pointerUp(plus);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(lotsValue()).toBe('5');
  });

  it('never goes below one lot while the minus button is held', () => {
    render(<Harness initial={3} />);
    const minus = screen.getByTestId('order-lots-minus');
    fireEvent.pointerDown(minus);
    expect(lotsValue()).toBe('2');
    act(() => {
      vi.advanceTimersByTime(600 + 200 * 5);
    });
    expect(lotsValue()).toBe('1');
    fireEvent.pointerLeave(minus);
    expect((minus as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps typed lots whole and at least one', () => {
    render(<Harness initial={4} />);
    fireEvent.change(screen.getByTestId('order-lots'), { target: { value: '12.7' } });
    expect(lotsValue()).toBe('127');
    fireEvent.change(screen.getByTestId('order-lots'), { target: { value: '0' } });
    expect(lotsValue()).toBe('1');
  });
});
