import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAssets, useConfig, useIsLoggedIn, useUserInfo } from '../../api/queries';
import { AssetsCard } from '../../components/AssetsCard';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { ProfileEntries, ProfileHead } from './ProfileParts';

/** Spec §2 "Profile (Mine) page". */
export default function MinePage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const assets = useAssets();
  const config = useConfig();

  const refresh = async () => {
    await Promise.all([user.refetch(), assets.refetch(), config.refetch()]);
  };

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.mine.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.mine.title')}>
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
          <AssetsCard testIds />
          <ProfileEntries />
        </div>
      </PullToRefresh>
    </SubPage>
  );
}
