import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { flattenPages, useMarketList, useQuote, MarketInstrumentList } from '../market';
import { SubPage } from '../../components/SubPage';
import { MoonIcon, SunriseIcon } from '../../components/Icons';

type Extended = 'pre' | 'after';

/** docs/api.md §1.9 defaults, shown until a quote brings the configured sessions. */
const defaultWindows: Record<Extended, { open: string; close: string }> = {
  pre: { open: '04:00', close: '09:30' },
  after: { open: '16:00', close: '20:00' },
};

/**
 * `/home/market?session=pre|after`: the US market in its extended sessions. The list is the US
 * listed board with live prices; the status card tells whether the chosen session is open now,
 * read from the quote of a US instrument (`session`, `inSession`, `rules.sessions`).
 */
export default function ExtendedHoursPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session: Extended = params.get('session') === 'after' ? 'after' : 'pre';
  const list = useMarketList('listed', 'usd', 'changeRate_desc');
  const first = flattenPages(list.data?.pages)[0];
  const quote = useQuote(first?.instrumentId);
  const rules = quote.data?.rules;
  const hours = rules?.sessions.find((s) => s.name === session) ?? defaultWindows[session];
  const timezone = rules?.timezone ?? 'America/New_York';
  const status: 'open' | 'closed' | 'unknown' = quote.data
    ? quote.data.inSession && quote.data.session === session
      ? 'open'
      : 'closed'
    : 'unknown';
  const current =
    quote.data?.inSession && quote.data.session && quote.data.session !== session ? quote.data.session : null;
  const Icon = session === 'pre' ? SunriseIcon : MoonIcon;
  return (
    <SubPage title={t(`ui.extended.title.${session}`)} flush>
      <section className="card session-card" aria-labelledby="session-title" data-testid="session-card">
        <Icon className="promo-icon" />
        <div>
          <h2 id="session-title">{t(`ui.extended.title.${session}`)}</h2>
          <p className="num" data-testid="session-window">
            {t('ui.extended.window', { open: hours.open, close: hours.close, timezone })}
          </p>
          <p className="caption">{t('ui.extended.note', { pre: '04:00–09:30', after: '16:00–20:00' })}</p>
          {status !== 'unknown' ? (
            <span
              className={status === 'open' ? 'tag session-open' : 'tag session-closed'}
              data-testid="session-status"
            >
              {status === 'open' ? t('ui.extended.openNow') : t('ui.extended.closedNow')}
            </span>
          ) : null}
          {current ? (
            <span className="caption">
              {' '}
              {t('ui.extended.current', {
                session: t(`ui.session.${current === 'pre' || current === 'after' ? current : 'regular'}`),
              })}
            </span>
          ) : null}
        </div>
      </section>
      <MarketInstrumentList tab="listed" market="usd" sort="changeRate_desc" />
    </SubPage>
  );
}
