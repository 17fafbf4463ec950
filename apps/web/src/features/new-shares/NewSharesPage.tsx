import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useIsLoggedIn } from '../../api/queries';
import { ListIcon } from '../../components/Icons';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { isNewShareKind, newShareTabs, type NewShareKind } from './newshare-queries';
import { NewShareList } from './NewShareParts';

/** Where the caller's subscriptions are listed: the trade page's subscription tab. */
export const subscriptionRecordsPath = '/trade/index?tab=subscription';

/**
 * `/home/newStock` (spec §2): the offerings of one kind (`?tab=ipo|placement|capital_increase`),
 * soonest deadline first, each with its prices, window and phase, listing date, minimum and payment
 * mode. The list shows without a session.
 */
export default function NewSharesPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: NewShareKind = isNewShareKind(requested) ? requested : 'ipo';
  const right = loggedIn ? (
    <Link
      to={subscriptionRecordsPath}
      className="icon-button"
      aria-label={t('ui.newShare.records')}
      title={t('ui.newShare.records')}
      data-testid="ns-records-link"
    >
      <ListIcon />
    </Link>
  ) : null;
  return (
    <SubPage title={t('ui.page.newStock')} right={right}>
      <TabStrip<NewShareKind>
        tabs={newShareTabs.map((key) => ({ key, label: t(`ui.newShare.kind.${key}`) }))}
        active={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        label={t('ui.page.newStock')}
        testIdPrefix="ns-tab-"
        fill
      />
      <p className="caption ns-intro">{t(`ui.newShare.intro.${tab}`)}</p>
      <NewShareList key={tab} kind={tab} />
    </SubPage>
  );
}
