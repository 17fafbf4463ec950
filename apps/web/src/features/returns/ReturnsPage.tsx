/**
 * `/information/returns` (docs/api.md §24.1–§24.2), reached from the Mine page's total assets:
 * the account's value over a period with its benchmark on one chart, profit, net flows, TWR and
 * MWR (each with a sentence on what it means), the month's P&L calendar and where the money is
 * (allocation donuts). The currency is the summary currency of the assets card. Pull to refresh
 * re-reads all three calls.
 */
import { performancePeriods, type AllocationSlice, type PerformancePeriod } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useIsLoggedIn, useSummaryCurrency } from '../../api/queries';
import { PullRefresh } from '../../components/Lists';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { formatChangeRate, formatMoney, formatSignedAmount, shownDirection } from '../../lib/format';
import { Donut } from './Donut';
import { PnlCalendar } from './PnlCalendar';
import { ReturnsChart } from './ReturnsChart';
import { useAllocation, usePerformance, usePnlCalendar } from './returns-queries';
import './returns.css';

type Split = 'byAssetClass' | 'byMarket' | 'byCurrency' | 'byInstrument';
const splits: readonly Split[] = ['byAssetClass', 'byMarket', 'byCurrency', 'byInstrument'];

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="returns-figure">
      <div className="label">{label}</div>
      <div className="value num" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

function Summary({ period }: { period: PerformancePeriod }) {
  const { t } = useTranslation();
  const currency = useSummaryCurrency();
  const query = usePerformance(currency, period);
  if (query.isPending) return <Loading rows={5} />;
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} />;
  const p = query.data;
  const bench = p.benchmark?.series.at(-1)?.return ?? null;
  return (
    <>
      <div className="returns-head">
        <div className="label">{t('ui.returns.value', { currency })}</div>
        <div className="total money" data-testid="returns-value">
          {formatMoney(p.endValue, currency, 2)}
        </div>
        <div className="caption">{t('ui.returns.range', { from: p.from, to: p.to })}</div>
      </div>
      <div className="returns-figures">
        <Figure label={t('ui.returns.profit')} testId="returns-profit">
          <span className={shownDirection(p.profit, 2)}>{formatSignedAmount(p.profit, currency)}</span>
        </Figure>
        <Figure label={t('ui.returns.netFlow')} testId="returns-net-flow">
          {formatSignedAmount(p.netFlow, currency)}
        </Figure>
        <Figure label={t('ui.returns.twr')} testId="returns-twr">
          <span className={shownDirection(p.twr, 4)}>{formatChangeRate(p.twr)}</span>
        </Figure>
        <Figure label={t('ui.returns.mwr')} testId="returns-mwr">
          <span className={shownDirection(p.mwr, 4)}>{formatChangeRate(p.mwr)}</span>
        </Figure>
      </div>
      {p.series.length > 1 ? <ReturnsChart data={p} /> : null}
      {bench !== null ? (
        <p className="caption" data-testid="returns-benchmark">
          {t('ui.returns.benchmark', { code: p.benchmark!.instrumentId.replace(/^i_[a-z]+_/, '') })}{' '}
          <span className={shownDirection(bench, 4)}>{formatChangeRate(bench)}</span>
        </p>
      ) : null}
      <dl className="returns-explain">
        <dt>{t('ui.returns.twr')}</dt>
        <dd>{t('ui.returns.twrMeans')}</dd>
        <dt>{t('ui.returns.mwr')}</dt>
        <dd>{t('ui.returns.mwrMeans')}</dd>
      </dl>
    </>
  );
}

function Calendar() {
  const { t } = useTranslation();
  const currency = useSummaryCurrency();
  const current = dayjs().format('YYYY-MM');
  const [month, setMonth] = useState(current);
  const query = usePnlCalendar(currency, month);
  return (
    <section className="card" aria-label={t('ui.returns.calendar.title')}>
      <h2 className="returns-title">{t('ui.returns.calendar.title')}</h2>
      {query.isPending ? (
        <Loading rows={4} />
      ) : query.isError ? (
        <ErrorRetry onRetry={() => void query.refetch()} />
      ) : (
        <PnlCalendar month={month} currentMonth={current} data={query.data} currency={currency} onMonth={setMonth} />
      )}
    </section>
  );
}

function AllocationCard() {
  const { t } = useTranslation();
  const currency = useSummaryCurrency();
  const [split, setSplit] = useState<Split>('byAssetClass');
  const query = useAllocation(currency);
  const nameOf = (key: string): string => {
    if (key === 'cash' || key === 'invest') return t(`ui.returns.key.${key}`);
    if (split === 'byAssetClass') return t(`ui.returns.class.${key}`, { defaultValue: key });
    if (split === 'byMarket') return t(`ui.returns.market.${key}`, { defaultValue: key.toUpperCase() });
    if (split === 'byInstrument') return key.replace(/^i_[a-z]+_/, '');
    return key;
  };
  const slices: AllocationSlice[] = query.data?.[split] ?? [];
  return (
    <section className="card" aria-label={t('ui.returns.allocation.title')}>
      <h2 className="returns-title">{t('ui.returns.allocation.title')}</h2>
      {query.isPending ? (
        <Loading rows={4} />
      ) : query.isError ? (
        <ErrorRetry onRetry={() => void query.refetch()} />
      ) : slices.length === 0 ? (
        <Empty text={t('ui.returns.allocation.empty')} />
      ) : (
        <>
          <TabStrip<Split>
            tabs={splits.map((key) => ({ key, label: t(`ui.returns.allocation.${key}`) }))}
            active={split}
            onChange={setSplit}
            label={t('ui.returns.allocation.title')}
            testIdPrefix="allocation-tab-"
            small
          />
          <Donut
            slices={slices}
            currency={currency}
            label={t(`ui.returns.allocation.${split}`)}
            nameOf={nameOf}
            testId="allocation-donut"
          />
        </>
      )}
    </section>
  );
}

export default function ReturnsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const currency = useSummaryCurrency();
  const [period, setPeriod] = useState<PerformancePeriod>('1m');
  const all = usePerformance(currency, 'all');
  const performance = usePerformance(currency, period);
  const calendarMonth = dayjs().format('YYYY-MM');
  const calendar = usePnlCalendar(currency, calendarMonth);
  const allocation = useAllocation(currency);
  if (!loggedIn)
    return (
      <SubPage title={t('ui.returns.title')}>
        <LoginPrompt />
      </SubPage>
    );
  // a new account: nothing ever moved (every value of its whole history is zero)
  const empty = all.data !== undefined && all.data.series.every((d) => /^0(\.0+)?$/.test(d.value));
  return (
    <SubPage title={t('ui.returns.title')}>
      <PullRefresh
        onRefresh={() => Promise.all([all.refetch(), performance.refetch(), calendar.refetch(), allocation.refetch()])}
      >
        <div className="returns-page" data-testid="returns-page">
          {empty ? (
            <section className="card">
              <Empty
                text={t('ui.returns.empty')}
                action={
                  <Button
                    color="primary"
                    fill="outline"
                    onClick={() => navigate('/information/recharge')}
                    data-testid="returns-deposit"
                  >
                    {t('ui.returns.deposit')}
                  </Button>
                }
              />
            </section>
          ) : (
            <>
              <section className="card">
                <TabStrip<PerformancePeriod>
                  tabs={performancePeriods.map((key) => ({ key, label: t(`ui.returns.period.${key}`) }))}
                  active={period}
                  onChange={setPeriod}
                  label={t('ui.returns.periods')}
                  testIdPrefix="returns-period-"
                  fill
                />
                <div role="tabpanel" aria-label={t(`ui.returns.period.${period}`)}>
                  <Summary period={period} />
                </div>
              </section>
              <Calendar />
              <AllocationCard />
            </>
          )}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
