import type { CurrencyAccount } from '@brokerage/contract';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAllAssets } from './funds-queries';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { AssetsCard } from '../../components/AssetsCard';
import { DepositIcon, ExchangeIcon, IdIcon, ListIcon, WithdrawIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { formatAmount } from '../../lib/format';
import { PullRefresh } from '../../components/Lists';
import { orderedCurrencies } from './RechargePage';

interface Action {
  key: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const actions: Action[] = [
  { key: 'recharge', to: '/information/recharge', Icon: DepositIcon },
  { key: 'cashOut', to: '/information/cashOut', Icon: WithdrawIcon },
  { key: 'exChange', to: '/information/exChange', Icon: ExchangeIcon },
  { key: 'fundRecord', to: '/information/fundRecord', Icon: ListIcon },
];

function BalanceCard({ account }: { account: CurrencyAccount }) {
  const { t } = useTranslation();
  const c = account.currency;
  const line = (key: string, value: string) => (
    <div className="balance-line">
      <dt>{t(`ui.wallet.balance.${key}`)}</dt>
      <dd className="num" data-testid={`wallet-${c}-${key}`}>
        {formatAmount(value, c)}
      </dd>
    </div>
  );
  return (
    <section className="card balance-card" aria-labelledby={`balance-${c}`} data-testid={`wallet-balance-${c}`}>
      <div className="balance-head">
        <h2 id={`balance-${c}`}>{t('ui.wallet.account', { currency: c })}</h2>
        <span
          className="balance-total num"
          aria-label={t('ui.wallet.totalAria', { amount: formatAmount(account.totalAssets, c) })}
        >
          {formatAmount(account.totalAssets, c)}
        </span>
      </div>
      <dl className="balance-grid">
        {line('available', account.available)}
        {line('withdrawable', account.withdrawable)}
        {line('frozen', account.frozen)}
        {line('inTransit', account.inTransit)}
      </dl>
    </section>
  );
}

/**
 * `/information/wallet` (spec §2, the fifth tab): the summary, then per currency account the
 * available, frozen, in-transit, withdrawable and total amounts from `/user/assets`
 * (docs/api.md §1.10), pull-to-refresh, and the ways to deposit, withdraw, exchange and see records.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const assets = useAllAssets();
  const user = useUserInfo();
  if (!loggedIn) {
    return (
      <div className="page-body">
        <h1 className="sr-only">{t('ui.page.wallet')}</h1>
        <LoginPrompt message={t('ui.funds.loginText')} />
      </div>
    );
  }
  let balances: ReactNode;
  if (assets.isPending)
    balances = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  else if (assets.isError)
    balances = (
      <section className="card">
        <ErrorRetry onRetry={() => void assets.refetch()} />
      </section>
    );
  else {
    const byCurrency = new Map(assets.data.accounts.map((a) => [a.currency, a] as const));
    balances = orderedCurrencies(byCurrency.keys()).map((currency) => {
      const account = byCurrency.get(currency);
      return account ? <BalanceCard key={currency} account={account} /> : null;
    });
  }
  const unverified = user.data && user.data.kycStatus !== 'verified';
  return (
    <PullRefresh onRefresh={() => Promise.all([assets.refetch(), user.refetch()])}>
      <div className="page-body" data-testid="wallet-page">
        <h1 className="sr-only">{t('ui.page.wallet')}</h1>
        <AssetsCard />
        <nav className="card quick-grid wallet-actions" aria-label={t('ui.wallet.actions')}>
          {actions.map(({ key, to, Icon }) => (
            <Link key={key} to={to} data-testid={`wallet-action-${key}`}>
              <span className="quick-icon">
                <Icon />
              </span>
              <span>{t(`ui.wallet.action.${key}`)}</span>
            </Link>
          ))}
        </nav>
        {unverified ? (
          <Link to="/information/authInfo" className="card notice-banner" data-testid="wallet-kyc-banner">
            <IdIcon className="entry-icon" />
            <span>{t(`ui.kycGate.banner.${user.data.kycStatus}`)}</span>
          </Link>
        ) : null}
        {balances}
      </div>
    </PullRefresh>
  );
}
