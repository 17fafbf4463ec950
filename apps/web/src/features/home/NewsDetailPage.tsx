import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, call } from '../../api/client';
import { marketKeys, useNewsDetail, useOpenInstrument } from '../market';
import { RichText } from '../../components/RichText';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatDateMinutes, languageTags } from '../../lib/format';
import { useSession } from '../../store/session';

/** Chips for the instruments an article mentions; each opens its detail. Names come from their quotes. */
function LinkedInstruments({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const open = useOpenInstrument();
  const account = useSession((s) => s.account);
  const quotes = useQueries({
    queries: ids.map((instrumentId) => ({
      queryKey: marketKeys.quote(instrumentId, account),
      queryFn: () => call('quote', { instrumentId }, { silent: true }),
    })),
  });
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby="news-linked" className="linked">
      <h2 id="news-linked" className="caption">
        {t('ui.news.linked')}
      </h2>
      <div className="chips">
        {ids.map((instrumentId, i) => {
          const quote = quotes[i]?.data;
          if (quotes[i]?.isError) return null;
          return (
            <button
              key={instrumentId}
              type="button"
              className="chip"
              disabled={!quote}
              data-testid={`news-instrument-${instrumentId}`}
              onClick={() => {
                if (quote) open(quote);
              }}
            >
              {quote ? `${quote.name} · ${quote.code}` : t('ui.common.loading')}
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** `/home/newsDetail?id=…`: title, source, date, the sanitised article and its instruments. */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const news = useNewsDetail(id);
  const notFound = news.error instanceof ApiError && news.error.code === 'record.not_found';
  return (
    <SubPage title={t('ui.page.newsDetail')}>
      {!id || notFound ? (
        <Empty text={t('ui.news.notFound')} />
      ) : news.isPending ? (
        <section className="card">
          <Loading rows={8} />
        </section>
      ) : news.isError ? (
        <ErrorRetry onRetry={() => void news.refetch()} />
      ) : (
        // an article without a version in the app's language comes in English: say so to screen readers
        <article className="card news-article" lang={languageTags[news.data.lang]} data-testid="news-article">
          <h2 className="article-title">{news.data.title}</h2>
          <p className="news-meta">
            <span>{news.data.source}</span>
            <time dateTime={news.data.publishedAt} className="num">
              {formatDateMinutes(news.data.publishedAt)}
            </time>
          </p>
          {news.data.coverUrl ? <img className="article-cover" src={news.data.coverUrl} alt="" /> : null}
          <RichText html={news.data.content} />
          <LinkedInstruments ids={news.data.instrumentIds} />
        </article>
      )}
    </SubPage>
  );
}
