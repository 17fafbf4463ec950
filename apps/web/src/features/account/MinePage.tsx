import { sumAmounts, type OrderState } from '@brokerage/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAssets, useConfig, useIsLoggedIn, useUserInfo } from '../../api/queries';
import { useUserStockList } from '../trade';
import { AssetsCard, type ProfitFigure } from '../../components/AssetsCard';
import { LoginPrompt } from '../../components/LoginPrompt';
import { MessagesButton } from '../../components/MessagesButton';
import { ErrorRetry } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useSession } from '../../store/session';
import { ProfileEntries, ProfileHead } from './ProfileParts';

/** The default states of `/trade/userstocklist`: the positions whose P&L floats. */
const OPEN_STATES: readonly OrderState[] = ['holding', 'locked', 'closing'];

/** Spec §2 "Profile (Mine) page". */
export default function MinePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const assets = useAssets();
  const config = useConfig();
  // spec §2/§7: profit = Σ profitLoss of /trade/userstocklist for the stored market (page 1, size 300)
  const stock = useSession((s) => s.stock);
  const positions = useUserStockList(stock, OPEN_STATES, loggedIn);
  const profit: ProfitFigure = {
    amount: positions.data
      ? sumAmounts(
          positions.data.list.map((o) => o.profitLoss),
          positions.data.currency,
        )
      : undefined,
    currency: positions.data?.currency,
    isError: positions.isError,
    onRetry: () => void positions.refetch(),
  };

  const refresh = async () => {
    await Promise.all([user.refetch(), assets.refetch(), config.refetch(), positions.refetch()]);
  };

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.mine.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.mine.title')} right={<MessagesButton testId="mine-messages" />}>
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('ui.pull.pulling')}
        canReleaseText={t('ui.pull.release')}
        refreshingText={t('ui.pull.refreshing')}
        completeText={t('ui.pull.complete')}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="mine-page">
          <section className="card">
            {user.isError ? <ErrorRetry onRetry={() => void user.refetch()} /> : <ProfileHead />}
          </section>
          <AssetsCard testIds profit={profit} totalTo="/information/returns" />
          <ProfileEntries />
        </div>
      </PullToRefresh>
    </SubPage>
  );
}
