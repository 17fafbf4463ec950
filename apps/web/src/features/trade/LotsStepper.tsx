import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec: holding a stepper button repeats after 600 ms, then every 200 ms. */
export const REPEAT_DELAY_MS = 600;
export const REPEAT_EVERY_MS = 200;
export const MIN_LOTS = 1;
export const MAX_LOTS = 10_000_000;

function clampLots(value: number): number {
  return Math.min(MAX_LOTS, Math.max(MIN_LOTS, Math.trunc(value)));
}

/** Whole lots, min 1: a typed field between minus and plus; a held button repeats. */
export function LotsStepper({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (lots: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const latest = useRef(value);
  latest.current = value;
  const timers = useRef<{ delay: ReturnType<typeof setTimeout> | null; every: ReturnType<typeof setInterval> | null }>({
    delay: null,
    every: null,
  });

  const stop = () => {
    if (timers.current.delay !== null) clearTimeout(timers.current.delay);
    if (timers.current.every !== null) clearInterval(timers.current.every);
    timers.current = { delay: null, every: null };
  };
  useEffect(() => stop, []);

  const step = (delta: number) => {
    const next = clampLots(latest.current + delta);
    // At a bound the button turns disabled and may not see the release: stop repeating here.
    if (next === latest.current) {
      stop();
      return;
    }
    latest.current = next;
    onChange(next);
  };
  const press = (delta: number) => {
    stop();
    step(delta);
    timers.current.delay = setTimeout(() => {
      timers.current.every = setInterval(() => step(delta), REPEAT_EVERY_MS);
    }, REPEAT_DELAY_MS);
  };
  // A pointer press already stepped; a keyboard "click" (detail 0) steps once.
  const keyboardClick = (delta: number) => (event: MouseEvent) => {
    if (event.detail === 0) step(delta);
  };
  const buttonProps = (delta: number) => ({
    type: 'button' as const,
    className: 'stepper-button',
    onPointerDown: () => press(delta),
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: keyboardClick(delta),
    onContextMenu: (event: MouseEvent) => event.preventDefault(),
  });

  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        {...buttonProps(-1)}
        disabled={value <= MIN_LOTS}
        aria-label={t('ui.order.lotsMinus')}
        data-testid="order-lots-minus"
      >
        −
      </button>
      <input
        className="stepper-input num"
        inputMode="numeric"
        value={String(value)}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          onChange(clampLots(digits === '' ? MIN_LOTS : Number(digits)));
        }}
        aria-label={label}
        data-testid="order-lots"
      />
      <button
        {...buttonProps(1)}
        disabled={value >= MAX_LOTS}
        aria-label={t('ui.order.lotsPlus')}
        data-testid="order-lots-plus"
      >
        +
      </button>
    </div>
  );
}
