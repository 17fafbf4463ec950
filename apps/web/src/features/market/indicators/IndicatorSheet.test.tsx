// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { sessionStore } from '../../../store/session';
import { ChartIndicators } from './engine';
import type { Bar } from './indicators';
import { barIndexAt } from './indicator-series';
import { IndicatorLegend, legendRows } from './IndicatorLegend';
import { IndicatorSheet } from './IndicatorSheet';
import { defaultParams, loadSettings, SETTINGS_KEY } from './settings';
import { useIndicatorSettings } from './useIndicatorSettings';

function Harness() {
  const [settings, setSettings] = useIndicatorSettings();
  return (
    <>
      <output data-testid="state">{JSON.stringify({ overlay: settings.overlay, panes: settings.panes })}</output>
      <IndicatorSheet open settings={settings} onChange={setSettings} onClose={() => undefined} />
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as { overlay: string; panes: string[] };
const pressed = (id: string) => screen.getByTestId(id).getAttribute('aria-pressed');

describe('the indicator chooser', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => sessionStore.getState().setLanguage('en'));
  });
  afterEach(() => cleanup());

  it('shows one overlay at a time and at most two panes, dropping the oldest, and remembers them', () => {
    render(<Harness />);
    expect(pressed('indicator-ma')).toBe('true');
    fireEvent.click(screen.getByTestId('indicator-boll'));
    expect(pressed('indicator-boll')).toBe('true');
    expect(pressed('indicator-ma')).toBe('false');

    fireEvent.click(screen.getByTestId('indicator-macd'));
    fireEvent.click(screen.getByTestId('indicator-rsi'));
    expect(state().panes).toEqual(['macd', 'rsi']);
    fireEvent.click(screen.getByTestId('indicator-kdj'));
    expect(state().panes).toEqual(['rsi', 'kdj']);
    expect(pressed('indicator-macd')).toBe('false');
    fireEvent.click(screen.getByTestId('indicator-rsi'));
    expect(state().panes).toEqual(['kdj']);

    // Saved on the device under the versioned key, and read back on the next visit.
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({ overlay: 'boll', panes: ['kdj'] });
    cleanup();
    render(<Harness />);
    expect(state()).toEqual({ overlay: 'boll', panes: ['kdj'] });

    fireEvent.click(screen.getByTestId('indicator-none'));
    expect(state().overlay).toBeNull();
    expect(screen.queryByTestId('params-boll')).toBeNull();
  });

  it('refuses a period out of range beside the field, keeps the last valid one, and applies a fixed one', () => {
    render(<Harness />);
    const first = screen.getByTestId('param-ma-0');
    fireEvent.change(first, { target: { value: '0' } });
    expect(screen.getByTestId('param-ma-0-error').textContent).toBe('Between 1 and 250.');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(loadSettings().params.ma).toEqual(defaultParams.ma);

    fireEvent.change(first, { target: { value: '7.5' } });
    expect(screen.getByTestId('param-ma-0-error').textContent).toBe('Enter a whole number.');
    fireEvent.change(first, { target: { value: '' } });
    expect(screen.getByTestId('param-ma-0-error').textContent).toBe('Enter a number.');

    fireEvent.change(first, { target: { value: '7' } });
    expect(screen.queryByTestId('param-ma-0-error')).toBeNull();
    expect(loadSettings().params.ma).toEqual([7, 10, 20, 60]);

    fireEvent.click(screen.getByTestId('indicator-reset'));
    expect(loadSettings().params.ma).toEqual(defaultParams.ma);
    expect((screen.getByTestId('param-ma-0') as HTMLInputElement).value).toBe('5');
  });

  it("refuses a MACD whose fast period is not shorter than its slow one, and takes BOLL's width with decimals", () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('indicator-macd'));
    fireEvent.change(screen.getByTestId('param-macd-0'), { target: { value: '30' } });
    expect(screen.getByTestId('param-macd-1-error').textContent).toBe(
      'The fast period must be shorter than the slow one.',
    );
    expect(loadSettings().params.macd).toEqual([12, 26, 9]);
    fireEvent.change(screen.getByTestId('param-macd-1'), { target: { value: '40' } });
    expect(screen.queryByTestId('param-macd-1-error')).toBeNull();
    expect(loadSettings().params.macd).toEqual([30, 40, 9]);

    fireEvent.click(screen.getByTestId('indicator-boll'));
    fireEvent.change(screen.getByTestId('param-boll-1'), { target: { value: '2,5' } });
    expect(loadSettings().params.boll).toEqual([20, 2.5]);
    fireEvent.change(screen.getByTestId('param-boll-1'), { target: { value: '9' } });
    expect(screen.getByTestId('param-boll-1-error').textContent).toBe('Between 0.1 and 5.');
  });

  it('names every control for a screen reader', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Chart indicators' });
    expect(within(dialog).getByRole('group', { name: 'On the price' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Under the chart (up to two)' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Period 1')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('the crosshair legend', () => {
  const bars: Bar[] = [1, 2, 3, 4, 5, 6].map((close, i) => ({
    time: Date.UTC(2025, 2, 10 + i) / 1000,
    open: close - 0.5,
    high: close + 0.25,
    low: close - 1,
    close,
    volume: 1000 * (i + 1),
  }));
  const params = { ...defaultParams, ma: [2, 3, 5, 60], vol: [2, 3] };

  beforeEach(() => act(() => sessionStore.getState().setLanguage('en')));
  afterEach(() => {
    cleanup();
    act(() => sessionStore.getState().setLanguage('en'));
  });

  function renderAtTime(time: number) {
    const engine = new ChartIndicators(['ma', 'vol'], params, bars);
    const index = barIndexAt(engine.bars, time) ?? engine.length - 1;
    const language = sessionStore.getState().language;
    render(
      <IndicatorLegend
        bar={engine.bars[index]}
        rows={legendRows(engine, params, index, 2, language)}
        priceScale={2}
        language={language}
        intraday={false}
      />,
    );
  }

  it("shows the hovered bar's OHLC, volume and every enabled indicator value", () => {
    // The fourth bar (close 4): MA2 = (3 + 4) / 2, MA3 = (2 + 3 + 4) / 3, MA5 and MA60 not defined yet.
    renderAtTime(bars[3]?.time ?? 0);
    const legend = screen.getByTestId('indicator-legend');
    expect(legend.getAttribute('aria-label')).toBe('Values of the bar at 03/13/2025');
    expect(screen.getByTestId('legend-bar').textContent).toBe('03/13/2025O 3.50H 4.25L 3.00C 4.00V 4,000');
    expect(screen.getByTestId('legend-ma').textContent).toBe('MA2 3.50MA3 3.00MA5 --MA60 --');
    expect(screen.getByTestId('legend-vol').textContent).toBe('VOL 4,000MA2 3,500MA3 3,000');
  });

  it('shows the last bar without a hover, in the language of the user', () => {
    act(() => sessionStore.getState().setLanguage('de'));
    renderAtTime(-1);
    expect(screen.getByTestId('legend-bar').textContent).toBe('15.03.2025E 5,50H 6,25T 5,00S 6,00V 6.000');
    // MA5 = (2 + 3 + 4 + 5 + 6) / 5 = 4.
    expect(screen.getByTestId('legend-ma').textContent).toBe('MA2 5,50MA3 5,00MA5 4,00MA60 --');
  });
});
