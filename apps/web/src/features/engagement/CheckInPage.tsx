import type { CheckinStatus } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { CheckIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { languageTags } from '../../lib/format';
import { useSession } from '../../store/session';
import { PullRefresh } from '../../components/Lists';
import { calendarCells, longDate, monthName, weekdayNames } from './calendar';
import { useCheckIn, useCheckinStatus } from './engagement-queries';
import './engagement.css';

function useLocale(): string {
  return languageTags[useSession((s) => s.language)];
}

function Figures({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t('ui.page.checkIn')}>
      <dl className="ck-figures">
        <div>
          <dt>{t('ui.checkin.count')}</dt>
          <dd data-testid="checkin-count">{t('ui.checkin.timesCount', { count: status.count })}</dd>
        </div>
        <div>
          <dt>{t('ui.checkin.streak')}</dt>
          <dd data-testid="checkin-streak">{t('ui.checkin.daysCount', { count: status.streak })}</dd>
        </div>
        <div>
          <dt>{t('ui.checkin.last30')}</dt>
          <dd data-testid="checkin-last30">{t('ui.checkin.timesCount', { count: status.last30Days })}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The 30 days ending today, weeks from Monday; checked days filled, today outlined. */
export function CheckinCalendar({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { leading, cells } = calendarCells(status.date, status.days);
  return (
    <section className="card" aria-labelledby="ck-calendar">
      <h2 id="ck-calendar">{t('ui.checkin.calendarTitle')}</h2>
      <div className="ck-weekdays" aria-hidden="true">
        {weekdayNames(locale).map((name, i) => (
          <span key={i}>{name}</span>
        ))}
      </div>
      <ol className="ck-grid" data-testid="checkin-calendar">
        {Array.from({ length: leading }, (_, i) => (
          <li key={`blank-${i}`} className="ck-blank" aria-hidden="true" />
        ))}
        {cells.map((cell) => (
          <li
            key={cell.date}
            className={`ck-day${cell.checked ? ' checked' : ''}${cell.today ? ' today' : ''}`}
            data-date={cell.date}
            data-checked={cell.checked}
            aria-label={t(cell.checked ? 'ui.checkin.dayChecked' : 'ui.checkin.dayMissed', {
              date: longDate(cell.date, locale),
            })}
            aria-current={cell.today ? 'date' : undefined}
          >
            {cell.showMonth ? (
              <span className="ck-month" aria-hidden="true">
                {monthName(cell.date, locale)}
              </span>
            ) : null}
            <span className="ck-num" aria-hidden="true">
              {cell.checked ? <CheckIcon /> : cell.dayOfMonth}
            </span>
          </li>
        ))}
      </ol>
      <div className="ck-legend" aria-hidden="true">
        <span>
          <i className="ck-swatch checked" />
          {t('ui.checkin.legendChecked')}
        </span>
        <span>
          <i className="ck-swatch today" />
          {t('ui.checkin.legendToday')}
        </span>
      </div>
    </section>
  );
}

/** The rule before the button, then the button: disabled with "checked in today" once done. */
function CheckinAction({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const checkIn = useCheckIn();
  const done = status.checkedInToday;
  const date = longDate(status.date, locale);
  return (
    <section className="card ck-action">
      <p className="muted" data-testid="checkin-rule">
        {done ? t('ui.checkin.ruleDone', { date }) : t('ui.checkin.rule', { date })}
      </p>
      <Button
        block
        color="primary"
        size="large"
        disabled={done || checkIn.isPending}
        loading={checkIn.isPending}
        onClick={() => {
          if (!done && !checkIn.isPending) checkIn.mutate();
        }}
        data-testid="checkin-button"
      >
        {done ? t('ui.checkin.done') : t('ui.checkin.button')}
      </Button>
    </section>
  );
}

function CheckinSections() {
  const status = useCheckinStatus();
  if (status.isPending)
    return (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  if (status.isError)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void status.refetch()} />
      </section>
    );
  return (
    <>
      <Figures status={status.data} />
      <CheckinCalendar status={status.data} />
      <CheckinAction status={status.data} />
    </>
  );
}

/**
 * The daily check-in (spec §1 "daily check-in", docs/api.md §16.6): total, streak and the last 30 days,
 * a 30-day calendar, and the check-in button with its rule. Reached from home and Mine.
 */
export default function CheckInPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return (
    <SubPage title={t('ui.page.checkIn')}>
      <PullRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: ['checkinStatus'] })}>
        <div className="stack pull-area" data-testid="checkin-page">
          <p className="caption ck-intro">{t('ui.checkin.intro')}</p>
          {loggedIn ? <CheckinSections /> : <LoginPrompt message={t('ui.checkin.loginText')} />}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
