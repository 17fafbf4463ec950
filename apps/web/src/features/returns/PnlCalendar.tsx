/**
 * The P&L calendar (docs/api.md §24.2): one month as a grid of days, each with its profit, in the
 * user's up/down colours (the `--up` / `--down` variables follow the colour setting), a month
 * total and buttons to the previous and next month (none past the current one).
 */
import type { PnlCalendar as PnlCalendarData } from '@brokerage/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Language } from '@brokerage/contract';
import { formatCompact, formatPercent, formatSignedAmount, shownDirection } from '../../lib/format';

export interface PnlCalendarProps {
  month: string;
  currentMonth: string;
  data: PnlCalendarData;
  currency: string;
  onMonth: (month: string) => void;
}

/** Monday-first weekday index (0–6) of a date. */
const weekdayOf = (date: string) => (dayjs(date).day() + 6) % 7;

export function PnlCalendar({ month, currentMonth, data, currency, onMonth }: PnlCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const first = dayjs(`${month}-01`);
  const count = first.daysInMonth();
  const byDate = new Map(data.days.map((d) => [d.date, d]));
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first.format('YYYY-MM-DD')) }, () => null);
  for (let i = 0; i < count; i++) cells.push(first.add(i, 'day').format('YYYY-MM-DD'));
  const shift = (n: number) => onMonth(first.add(n, 'month').format('YYYY-MM'));
  const total = shownDirection(data.profit, 2);
  return (
    <div className="pnl-calendar" data-testid="pnl-calendar">
      <div className="pnl-calendar-head">
        <button
          type="button"
          className="icon-button"
          onClick={() => shift(-1)}
          aria-label={t('ui.returns.calendar.previous')}
          data-testid="pnl-prev"
        >
          ‹
        </button>
        <span className="pnl-month" data-testid="pnl-month">
          {month}
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={() => shift(1)}
          disabled={month >= currentMonth}
          aria-label={t('ui.returns.calendar.next')}
          data-testid="pnl-next"
        >
          ›
        </button>
      </div>
      <p className="pnl-total">
        {t('ui.returns.calendar.total')}{' '}
        <span className={`num ${total}`} data-testid="pnl-total">
          {formatSignedAmount(data.profit, currency)}
        </span>
      </p>
      <div className="pnl-grid" role="grid" aria-label={t('ui.returns.calendar.title')}>
        {[0, 1, 2, 3, 4, 5, 6].map((d) => (
          <span key={`h${d}`} className="pnl-weekday" role="columnheader">
            {t(`ui.returns.calendar.weekday.${d}`)}
          </span>
        ))}
        {cells.map((date, i) => {
          if (!date) return <span key={`e${i}`} className="pnl-cell empty" />;
          const day = byDate.get(date);
          const dir = day ? shownDirection(day.profit, 2) : 'flat';
          return (
            <span
              key={date}
              role="gridcell"
              className={`pnl-cell ${day ? `has ${dir}` : 'future'}`}
              data-testid={`pnl-day-${date}`}
              aria-label={
                day ? `${date}: ${formatSignedAmount(day.profit, currency)} (${formatPercent(day.rate)})` : date
              }
            >
              <span className="pnl-date">{Number(date.slice(8))}</span>
              {day ? <span className="pnl-profit num">{formatCompact(day.profit, language)}</span> : null}
            </span>
          );
        })}
      </div>
    </div>
  );
}
