// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { calendarCells, weekdayNames } from './calendar';
import CheckInPage from './CheckInPage';

const TODAY = '2025-03-14';

function status(overrides: Record<string, unknown> = {}) {
  return {
    checkedInToday: false,
    date: TODAY,
    count: 41,
    streak: 4,
    last30Days: 3,
    days: ['2025-03-13', '2025-03-12', '2025-02-20'],
    ...overrides,
  };
}

function renderCheckIn() {
  return renderAt('/information/checkIn', [page('/information/checkIn', <CheckInPage />)]);
}

function cell(date: string): HTMLElement {
  const found = screen.getByTestId('checkin-calendar').querySelector(`[data-date="${date}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no cell for ${date}`);
  return found;
}

describe('the check-in calendar', () => {
  it('holds the 30 days ending today, weeks from Monday, with the checked ones', () => {
    const { leading, cells } = calendarCells(TODAY, ['2025-03-13', '2025-02-13']);
    expect(cells).toHaveLength(30);
    expect(cells[0]!.date).toBe('2025-02-13');
    expect(cells[29]).toMatchObject({ date: TODAY, today: true, checked: false });
    expect(leading).toBe(3); // 13 Feb 2025 was a Thursday
    expect(cells.filter((c) => c.checked).map((c) => c.date)).toEqual(['2025-02-13', '2025-03-13']);
    expect(cells.filter((c) => c.showMonth).map((c) => c.date)).toEqual(['2025-02-13', '2025-03-01']);
    expect(weekdayNames('en')).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
  });
});

describe('the check-in screen', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows count, streak and the calendar; checking in disables the button and marks today', async () => {
    let checked = false;
    const api = stubApi({
      '/checkin/status': () => ({
        data: checked
          ? status({ checkedInToday: true, count: 42, streak: 5, last30Days: 4, days: [TODAY, ...status().days] })
          : status(),
      }),
      '/checkin/do': () => {
        checked = true;
        return { data: { checkedInToday: true, date: TODAY, count: 42, streak: 5 }, code: 'result.checkin.ok' };
      },
    });
    renderCheckIn();
    expect((await screen.findByTestId('checkin-count')).textContent).toBe('41 check-ins');
    expect(screen.getByTestId('checkin-streak').textContent).toBe('4 days');
    expect(screen.getByTestId('checkin-last30').textContent).toBe('3 check-ins');
    expect(screen.getByTestId('checkin-calendar').querySelectorAll('li[data-date]')).toHaveLength(30);
    expect(cell('2025-03-13').getAttribute('data-checked')).toBe('true');
    expect(cell('2025-03-13').getAttribute('aria-label')).toBe('Mar 13, 2025: checked in');
    expect(cell(TODAY).getAttribute('data-checked')).toBe('false');
    expect(cell(TODAY).getAttribute('aria-current')).toBe('date');
    // the rule comes before the button
    const rule = screen.getByTestId('checkin-rule');
    const button = screen.getByTestId('checkin-button');
    expect(rule.textContent).toContain('One check-in per calendar day');
    expect(rule.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.textContent).toContain('Check in now');

    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('/checkin/do')).toEqual([{}]));
    await waitFor(() => expect(screen.getByTestId('checkin-button').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('checkin-button').textContent).toContain('Checked in today');
    expect(screen.getByTestId('checkin-rule').textContent).toContain('Come back tomorrow');
    expect(cell(TODAY).getAttribute('data-checked')).toBe('true');
    expect(screen.getByTestId('checkin-count').textContent).toBe('42 check-ins');
    expect(screen.getByTestId('checkin-streak').textContent).toBe('5 days');
    expect(await screen.findByText('Checked in successfully.')).toBeTruthy();
    // a press on the disabled button sends nothing more
    fireEvent.click(screen.getByTestId('checkin-button'));
    expect(api.callsTo('/checkin/do')).toHaveLength(1);
  });

  it('comes disabled when today is done, and says so', async () => {
    stubApi({ '/checkin/status': { data: status({ checkedInToday: true, days: [TODAY] }) } });
    renderCheckIn();
    const button = await screen.findByTestId('checkin-button');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.textContent).toContain('Checked in today');
  });

  it('already checked in on another device: the refusal is shown and the status read again', async () => {
    let reads = 0;
    const api = stubApi({
      '/checkin/status': () => {
        reads += 1;
        return { data: reads > 1 ? status({ checkedInToday: true, days: [TODAY] }) : status() };
      },
      '/checkin/do': { status: 0, code: 'checkin.already_today', msg: 'Already checked in today.' },
    });
    renderCheckIn();
    fireEvent.click(await screen.findByTestId('checkin-button'));
    expect(await screen.findByText('Already checked in today.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('checkin-button').hasAttribute('disabled')).toBe(true));
    expect(api.callsTo('/checkin/status').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the error with a retry when the status cannot be read', async () => {
    let fail = true;
    stubApi({
      '/checkin/status': () =>
        fail ? { status: 0, code: 'server.error', msg: 'busy', httpStatus: 500 } : { data: status() },
    });
    renderCheckIn();
    const error = await screen.findByTestId('state-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('checkin-button')).toBeTruthy();
  });
});
