import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../components/Icons';
import { SubPage } from '../../components/SubPage';
import { WayForward } from '../../components/WayForward';

/** Any unknown address: says so (not "coming soon") and offers home, the market and the positions. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <SubPage title={t('ui.page.notFound')}>
      <WayForward
        icon={<SearchIcon />}
        title={t('ui.page.notFound')}
        text={t('ui.notFound.text')}
        testId="not-found"
        ways={[
          { label: t('ui.common.goHome'), to: '/home/index', testId: 'not-found-home' },
          { label: t('ui.notFound.market'), to: '/market/index', testId: 'not-found-market' },
          { label: t('ui.notFound.positions'), to: '/trade/index', testId: 'not-found-positions' },
        ]}
      />
    </SubPage>
  );
}
