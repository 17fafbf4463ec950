import type { NewsItem } from '@brokerage/contract';
import { Link } from 'react-router-dom';
import { formatDateMinutes } from '../../lib/format';

/** A news headline linking to its article: title, optional summary, source and local date. */
export function NewsRow({ item, withSummary = false }: { item: NewsItem; withSummary?: boolean }) {
  return (
    <li className="news-item">
      <Link to={`/home/newsDetail?id=${encodeURIComponent(item.id)}`} data-testid={`news-item-${item.id}`}>
        <span className="news-text">
          <span className="news-title">{item.title}</span>
          {withSummary && item.summary ? <span className="news-summary">{item.summary}</span> : null}
          <span className="news-meta">
            <span>{item.source}</span>
            <time dateTime={item.publishedAt} className="num">
              {formatDateMinutes(item.publishedAt)}
            </time>
          </span>
        </span>
        {item.coverUrl ? <img className="news-cover" src={item.coverUrl} alt="" loading="lazy" /> : null}
      </Link>
    </li>
  );
}
