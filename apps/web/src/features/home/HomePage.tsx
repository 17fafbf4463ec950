import { Button } from 'antd-mobile';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { AssetsCard } from '../../components/AssetsCard';
import {
  BlockIcon,
  ChartIcon,
  ClockIcon,
  IndexIcon,
  LendIcon,
  MoonIcon,
  RocketIcon,
  SparkIcon,
  SunriseIcon,
} from '../../components/Icons';
import { CalendarCheckIcon, CrownIcon } from '../engagement';
import { HomeTabs, IndexStrip, LatestNews, PreMarketCard } from './HomeSections';

interface QuickEntry {
  key: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The label's key when it is not `ui.home.entry.<key>`. */
  labelKey?: string;
}

/** Spec §1 quick entries: stocks, indexes, new shares, pre-market, after-hours, block trade, AI quant (+ day trading, lending, check-in and the premium subscription explainer). */
const quickEntries: QuickEntry[] = [
  { key: 'stocks', to: '/market/index', Icon: ChartIcon },
  { key: 'indexes', to: '/market/zhiShu', Icon: IndexIcon },
  { key: 'newShares', to: '/home/newStock', Icon: RocketIcon },
  { key: 'preMarket', to: '/home/market?session=pre', Icon: SunriseIcon },
  { key: 'afterHours', to: '/home/market?session=after', Icon: MoonIcon },
  { key: 'blockTrade', to: '/home/blockTrade', Icon: BlockIcon },
  { key: 'aiQuant', to: '/home/fllow', Icon: SparkIcon },
  { key: 'dayTrading', to: '/home/dayTrading', Icon: ClockIcon },
  { key: 'lending', to: '/home/lending', Icon: LendIcon, labelKey: 'ui.lending.homeEntry' },
  { key: 'checkIn', to: '/information/checkIn', Icon: CalendarCheckIcon },
  { key: 'premium', to: '/information/premium', Icon: CrownIcon, labelKey: 'ui.page.premium' },
];

/**
 * `/home/index` (spec §1–§2 exchange home): welcome, the index strip of the chosen market,
 * assets, quick entries, the home tabs, the pre-market promotion and real-time news.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const name = user.data ? user.data.realName || user.data.account : '';
  return (
    <div className="page-body" data-testid="home-page">
      <section className="card" aria-labelledby="home-welcome">
        <h2 id="home-welcome">{loggedIn && name ? t('ui.home.welcomeBack', { name }) : t('ui.home.welcome')}</h2>
        <p className="muted" style={{ margin: 0 }}>
          {t('ui.home.welcomeText')}
        </p>
      </section>
      <IndexStrip />
      {loggedIn ? (
        <Link
          to="/information/index"
          style={{ textDecoration: 'none', color: 'inherit' }}
          aria-label={t('ui.home.viewAccount')}
        >
          <AssetsCard />
        </Link>
      ) : (
        <section className="card">
          <p className="muted" style={{ marginTop: 0 }}>
            {t('ui.home.loginToSee')}
          </p>
          <Button block color="primary" onClick={() => navigate('/login/login')}>
            {t('ui.start.login')}
          </Button>
        </section>
      )}
      <section className="card" aria-labelledby="home-quick">
        <h2 id="home-quick">{t('ui.home.quickEntry')}</h2>
        <nav className="quick-grid" aria-labelledby="home-quick">
          {quickEntries.map(({ key, to, Icon, labelKey }) => (
            <Link key={key} to={to} data-testid={`quick-${key}`}>
              <span className="quick-icon">
                <Icon />
              </span>
              <span>{t(labelKey ?? `ui.home.entry.${key}`)}</span>
            </Link>
          ))}
        </nav>
      </section>
      <HomeTabs />
      <PreMarketCard />
      <LatestNews />
    </div>
  );
}
