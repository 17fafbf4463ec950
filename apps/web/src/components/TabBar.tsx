import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { ChartIcon, HomeIcon, StarIcon, TradeIcon, WalletIcon } from './Icons';

interface Tab {
  to: string;
  key: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Spec §2 "Bottom tab bar": five tabs in this order. */
const tabs: Tab[] = [
  { to: '/home/index', key: 'home', label: 'ui.tab.home', Icon: HomeIcon },
  { to: '/favorite/index', key: 'favorite', label: 'ui.tab.favorite', Icon: StarIcon },
  { to: '/trade/index', key: 'trade', label: 'ui.tab.trade', Icon: TradeIcon },
  { to: '/market/index', key: 'market', label: 'ui.tab.market', Icon: ChartIcon },
  { to: '/information/wallet', key: 'wallet', label: 'ui.tab.wallet', Icon: WalletIcon },
];

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('ui.tab.label')}>
      {tabs.map(({ to, key, label, Icon }) => (
        <NavLink
          key={key}
          to={to}
          data-testid={`tab-${key}`}
          className={({ isActive }) => (isActive ? 'active' : undefined)}
        >
          <Icon />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
