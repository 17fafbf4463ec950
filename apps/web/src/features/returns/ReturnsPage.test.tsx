// @vitest-environment jsdom
import type { Allocation, Performance, PnlCalendar as PnlCalendarData } from '@brokerage/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { Donut } from './Donut';
import { PnlCalendar } from './PnlCalendar';
import ReturnsPage from './ReturnsPage';

// the canvas chart cannot draw in jsdom: a stand-in that shows what it was given
vi.mock('./ReturnsChart', () => ({
  ReturnsChart: ({ data }: { data: Performance }) => (
    <div data-testid="returns-chart">
      {data.series.length} points, benchmark {data.benchmark?.instrumentId ?? 'none'}
    </div>
  ),
}));

const month = dayjs().format('YYYY-MM');
const today = dayjs().format('YYYY-MM-DD');

function performance(overrides: Partial<Performance> = {}): Performance {
  return {
    currency: 'MXN',
    period: '1m',
    from: '2026-02-01',
    to: today,
    startValue: '100000.00',
    endValue: '104210.55',
    netFlow: '2000.00',
    profit: '2210.55',
    twr: '0.02198431',
    mwr: '0.02188102',
    series: [
      { date: '2026-02-01', value: '100000.00', flow: '0.00', profit: '0.00', twr: '0.00000000' },
      { date: today, value: '104210.55', flow: '2000.00', profit: '2210.55', twr: '0.02198431' },
    ],
    benchmark: {
      instrumentId: 'i_mxn_IPC',
      series: [
        { date: '2026-02-01', return: '0.00000000' },
        { date: today, return: '-0.01500000' },
      ],
    },
    ...overrides,
  };
}

const calendar: PnlCalendarData = {
  days: [
    { date: `${month}-01`, profit: '120.50', rate: '0.00120000' },
    { date: `${month}-02`, profit: '-80.00', rate: '-0.00080000' },
  ],
  profit: '40.50',
};

const allocation: Allocation = {
  currency: 'MXN',
  total: '104210.55',
  byAssetClass: [
    { key: 'cash', value: '60000.00', weight: '0.57575787' },
    { key: 'stock', value: '44210.55', weight: '0.42424213' },
  ],
  byMarket: [
    { key: 'cash', value: '60000.00', weight: '0.57575787' },
    { key: 'mxn', value: '44210.55', weight: '0.42424213' },
  ],
  byCurrency: [{ key: 'MXN', value: '104210.55', weight: '1.00000000' }],
  byInstrument: [
    { key: 'cash', value: '60000.00', weight: '0.57575787' },
    { key: 'i_mxn_WALMEX', value: '44210.55', weight: '0.42424213' },
  ],
};

function renderReturns() {
  return renderAt('/information/returns', [
    page('/information/returns', <ReturnsPage />),
    page('/information/recharge', <p>deposit screen</p>),
  ]);
}

describe('the returns screen', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows value, profit, net deposits, TWR and MWR with what they mean, the chart and the benchmark', async () => {
    const api = stubApi({
      '/user/performance': (body) => ({
        data: performance({ period: (body as { period: Performance['period'] }).period }),
      }),
      '/user/pnlCalendar': { data: calendar },
      '/user/allocation': { data: allocation },
    });
    renderReturns();
    expect((await screen.findByTestId('returns-value')).textContent).toContain('104,210.55');
    expect(screen.getByTestId('returns-profit').textContent).toContain('+');
    expect(screen.getByTestId('returns-profit').querySelector('.up')).not.toBeNull();
    expect(screen.getByTestId('returns-net-flow').textContent).toContain('2,000.00');
    expect(screen.getByTestId('returns-twr').textContent).toContain('+2.20%');
    expect(screen.getByTestId('returns-mwr').textContent).toContain('+2.19%');
    expect(screen.getByText(/a deposit neither helps nor hurts/)).toBeTruthy();
    expect(screen.getByText(/money that was in the account longer weighs more/)).toBeTruthy();
    expect(screen.getByTestId('returns-chart').textContent).toContain('benchmark i_mxn_IPC');
    expect(screen.getByTestId('returns-benchmark').textContent).toContain('IPC');
    expect(screen.getByTestId('returns-benchmark').textContent).toContain('-1.50%');
    fireEvent.click(screen.getByTestId('returns-period-ytd'));
    await screen.findByTestId('returns-value');
    expect(api.callsTo('/user/performance')).toContainEqual({ currency: 'MXN', period: 'ytd' });
    // calendar and donut
    expect((await screen.findByTestId(`pnl-day-${month}-01`)).className).toContain('up');
    expect(screen.getByTestId(`pnl-day-${month}-02`).className).toContain('down');
    expect(screen.getByTestId('allocation-donut-legend-cash').textContent).toContain('57.58%');
    fireEvent.click(screen.getByTestId('allocation-tab-byInstrument'));
    expect((await screen.findByTestId('allocation-donut-legend-i_mxn_WALMEX')).textContent).toContain('WALMEX');
  });

  it('invites a new account to deposit instead of drawing empty figures', async () => {
    const zero = { date: today, value: '0.00', flow: '0.00', profit: '0.00', twr: '0.00000000' };
    stubApi({
      '/user/performance': {
        data: performance({
          startValue: '0.00',
          endValue: '0.00',
          netFlow: '0.00',
          profit: '0.00',
          twr: '0.00000000',
          mwr: '0.00000000',
          series: [{ ...zero, date: '2026-01-01' }, zero],
        }),
      },
      '/user/pnlCalendar': { data: { days: [], profit: '0.00' } },
      '/user/allocation': {
        data: { ...allocation, total: '0.00', byAssetClass: [], byMarket: [], byCurrency: [], byInstrument: [] },
      },
    });
    renderReturns();
    fireEvent.click(await screen.findByTestId('returns-deposit'));
    expect(await screen.findByText('deposit screen')).toBeTruthy();
  });

  it('offers a retry when the figures fail to load', async () => {
    stubApi({
      '/user/performance': { status: 0, code: 'request.failed', msg: 'Failed.', httpStatus: 500 },
      '/user/pnlCalendar': { data: calendar },
      '/user/allocation': { data: allocation },
    });
    renderReturns();
    expect(await screen.findAllByTestId('state-error')).not.toHaveLength(0);
  });
});

describe('the P&L calendar', () => {
  it('lays the month out from Monday, colours days by sign and stops at the current month', () => {
    const onMonth = vi.fn();
    render(
      <PnlCalendar
        month="2026-03"
        currentMonth="2026-03"
        currency="MXN"
        onMonth={onMonth}
        data={{
          days: [
            { date: '2026-03-02', profit: '10.00', rate: '0.00100000' },
            { date: '2026-03-03', profit: '-5.00', rate: '-0.00050000' },
            { date: '2026-03-04', profit: '0.00', rate: '0.00000000' },
          ],
          profit: '5.00',
        }}
      />,
    );
    // 1 March 2026 is a Sunday: six empty cells before it
    const grid = screen.getByRole('grid');
    expect(grid.querySelectorAll('.pnl-cell.empty')).toHaveLength(6);
    expect(screen.getByTestId('pnl-day-2026-03-02').className).toContain('up');
    expect(screen.getByTestId('pnl-day-2026-03-03').className).toContain('down');
    expect(screen.getByTestId('pnl-day-2026-03-04').className).toContain('flat');
    expect(screen.getByTestId('pnl-day-2026-03-20').className).toContain('future');
    expect(screen.getByTestId('pnl-total').textContent).toContain('+');
    expect((screen.getByTestId('pnl-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pnl-prev'));
    expect(onMonth).toHaveBeenCalledWith('2026-02');
  });
});

describe('the allocation donut', () => {
  it('draws one arc per positive slice, sized by weight, and lists every slice', () => {
    render(
      <Donut
        label="Asset class"
        currency="MXN"
        nameOf={(k) => k.toUpperCase()}
        testId="d"
        slices={[
          { key: 'cash', value: '75.00', weight: '0.75000000' },
          { key: 'stock', value: '25.00', weight: '0.25000000' },
          { key: 'crypto', value: '0.00', weight: '0.00000000' },
        ]}
      />,
    );
    const cash = screen.getByTestId('d-arc-cash');
    const stock = screen.getByTestId('d-arc-stock');
    const circumference = 2 * Math.PI * 40;
    expect(Number(cash.getAttribute('stroke-dasharray')!.split(' ')[0])).toBeCloseTo(0.75 * circumference, 6);
    expect(Number(stock.getAttribute('stroke-dashoffset'))).toBeCloseTo(-0.75 * circumference, 6);
    expect(screen.queryByTestId('d-arc-crypto')).toBeNull();
    expect(screen.getByTestId('d-legend-crypto').textContent).toContain('CRYPTO');
    expect(screen.getByTestId('d-legend-cash').textContent).toContain('75.00%');
    expect(screen.getByRole('img', { name: 'Asset class' })).toBeTruthy();
  });
});
