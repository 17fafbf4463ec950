/**
 * `/home/fllow` (spec §2 "fllow", the copy-trade fund page): the funds (`?tab=funds`), the caller's
 * subscriptions (`?tab=mine`), and one fund's detail with the subscribe form (`?id=<fund id>`).
 * Spec §2 names one route for copy trading, so the detail is a query of it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { CopyFundDetailView } from './CopyFundDetail';
import { CopyMine } from './CopyMine';
import { CopyFundList } from './CopyParts';
import './copy.css';

const pageTabs = ['funds', 'mine'] as const;
type PageTab = (typeof pageTabs)[number];

function FundDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState<string | null>(null);
  return (
    <SubPage title={title ?? t('ui.page.fllow')}>
      <CopyFundDetailView key={id} id={id} onTitle={setTitle} />
    </SubPage>
  );
}

export default function CopyFundsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const tab: PageTab = params.get('tab') === 'mine' ? 'mine' : 'funds';
  if (id) return <FundDetailPage id={id} />;
  const update = (next: PageTab) => {
    const merged = new URLSearchParams(params);
    merged.set('tab', next);
    setParams(merged, { replace: true });
  };
  return (
    <SubPage title={t('ui.page.fllow')}>
      <TabStrip<PageTab>
        tabs={pageTabs.map((key) => ({ key, label: t(`ui.copy.tab.${key}`) }))}
        active={tab}
        onChange={update}
        label={t('ui.page.fllow')}
        testIdPrefix="cf-tab-"
        fill
      />
      <div role="tabpanel" aria-label={t(`ui.copy.tab.${tab}`)}>
        {tab === 'funds' ? (
          <>
            <p className="caption cf-intro">{t('ui.copy.intro')}</p>
            <CopyFundList />
          </>
        ) : (
          <CopyMine onBrowse={() => update('funds')} />
        )}
      </div>
    </SubPage>
  );
}
