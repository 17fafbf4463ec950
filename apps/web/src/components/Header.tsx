import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession, type StockMarket } from '../store/session';
import { Avatar } from './Avatar';
import { SearchIcon } from './Icons';
import { MessagesButton } from './MessagesButton';

const markets: StockMarket[] = ['mxn', 'usd'];

/** Spec §2 "Top header": user panel, search, messages with unread dot, market switch. */
export function Header({ onOpenPanel }: { onOpenPanel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stock = useSession((s) => s.stock);
  const setStock = useSession((s) => s.setStock);
  return (
    <header className="shell-header">
      <button
        type="button"
        className="icon-button"
        onClick={onOpenPanel}
        aria-label={t('ui.header.openPanel')}
        data-testid="header-avatar"
      >
        <Avatar />
      </button>
      <button
        type="button"
        className="search-box"
        onClick={() => {
          navigate('/favorite/search');
        }}
        data-testid="header-search"
        title={t('ui.header.search')}
      >
        <span className="search-pill">
          <SearchIcon />
          <span>{t('ui.header.searchShort')}</span>
        </span>
      </button>
      <MessagesButton testId="header-messages" />
      <div className="market-switch" role="group" aria-label={t('ui.header.market')}>
        {markets.map((market) => (
          <button
            key={market}
            type="button"
            aria-pressed={stock === market}
            onClick={() => setStock(market)}
            data-testid={`market-${market}`}
          >
            <span>{t(`ui.market.${market}`)}</span>
            <span className="sr-only"> ({t(`ui.market.${market}Long`)})</span>
          </button>
        ))}
      </div>
    </header>
  );
}
