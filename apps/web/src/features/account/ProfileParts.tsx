import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUserInfo } from '../../api/queries';
import { Avatar } from '../../components/Avatar';
import {
  BellIcon,
  CardIcon,
  ChatIcon,
  ChevronIcon,
  DepositIcon,
  GaugeIcon,
  GiftIcon,
  GlobeIcon,
  IdIcon,
  InfoIcon,
  KeyIcon,
  ListIcon,
  LendIcon,
  LockIcon,
  LogoutIcon,
  SettingIcon,
  ShieldIcon,
  StatementIcon,
  WithdrawIcon,
} from '../../components/Icons';
import { Skeleton } from 'antd-mobile';
import { useSession } from '../../store/session';
import { CalendarCheckIcon } from '../engagement';
import { useLogout, useOpenRealName } from './useAccountActions';

/** Avatar, the real name falling back to the account (spec §2), and the verification tag. */
export function ProfileHead() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const account = useSession((s) => s.account);
  const name = user.data ? user.data.realName || user.data.account : account;
  return (
    <div className="profile-head">
      <Avatar large name={user.data?.realName || undefined} />
      <div>
        <div className="name" data-testid="mine-name">
          {user.isPending && !name ? <Skeleton.Title animated /> : name}
        </div>
        {user.data ? (
          <span className={user.data.isVerified ? 'tag' : 'tag warn'}>
            {user.data.isVerified ? t('ui.mine.verified') : t('ui.mine.notVerified')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

interface LinkEntry {
  key: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The label's key when it is not `ui.mine.entry.<key>`. */
  labelKey?: string;
}

/**
 * Spec §2 "Profile (Mine) page" entries, in the spec's order (plus the monthly statements and lending
 * records after the funds records).
 */
const linkEntriesBefore: LinkEntry[] = [
  { key: 'recharge', to: '/information/recharge', Icon: DepositIcon },
  { key: 'cashOut', to: '/information/cashOut', Icon: WithdrawIcon },
  { key: 'bankList', to: '/information/bankList', Icon: CardIcon },
  { key: 'fundRecord', to: '/information/fundRecord', Icon: ListIcon },
  { key: 'statements', to: '/information/statements', Icon: StatementIcon, labelKey: 'ui.statements.entry' },
  { key: 'lendingRecord', to: '/home/lendingRecord', Icon: LendIcon, labelKey: 'ui.lending.mineEntry' },
  { key: 'alerts', to: '/information/alerts', Icon: BellIcon, labelKey: 'ui.alerts.mineEntry' },
];
const linkEntriesAfter: LinkEntry[] = [
  { key: 'security', to: '/information/security', Icon: ShieldIcon, labelKey: 'ui.security.entry' },
  { key: 'loginPass', to: '/information/loginPass', Icon: LockIcon },
  { key: 'fundPass', to: '/information/fundPass', Icon: KeyIcon },
  { key: 'notifications', to: '/information/notifications', Icon: SettingIcon, labelKey: 'ui.notify.entry' },
  { key: 'loanRating', to: '/information/loanRating', Icon: GaugeIcon },
  { key: 'proof', to: '/information/proof', Icon: ShieldIcon, labelKey: 'ui.proof.entry' },
  { key: 'aboutUs', to: '/information/aboutUs', Icon: InfoIcon },
  { key: 'changeLang', to: '/information/changeLang', Icon: GlobeIcon },
  { key: 'inviteFriends', to: '/information/inviteFriends', Icon: GiftIcon },
  { key: 'checkIn', to: '/information/checkIn', Icon: CalendarCheckIcon },
  // customer service: the in-app page with the configured chat link (works offline too)
  { key: 'service', to: '/information/service', Icon: ChatIcon },
];

export function ProfileEntries({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const openRealName = useOpenRealName();
  const renderLink = ({ key, to, Icon, labelKey }: LinkEntry) => (
    <Link key={key} to={to} className="entry" onClick={onNavigate} data-testid={`mine-${key}`}>
      <Icon className="entry-icon" />
      <span className="entry-label">{t(labelKey ?? `ui.mine.entry.${key}`)}</span>
      <ChevronIcon className="chevron" />
    </Link>
  );
  return (
    <nav className="entry-list" aria-label={t('ui.mine.title')}>
      {linkEntriesBefore.map(renderLink)}
      <button
        type="button"
        className="entry"
        data-testid="mine-authInfo"
        onClick={() => {
          openRealName();
          onNavigate?.();
        }}
      >
        <IdIcon className="entry-icon" />
        <span className="entry-label">{t('ui.mine.entry.authInfo')}</span>
        <ChevronIcon className="chevron" />
      </button>
      {linkEntriesAfter.map(renderLink)}
      <button
        type="button"
        className="entry danger"
        data-testid="mine-logout"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogoutIcon className="entry-icon" />
        <span className="entry-label">{t('ui.mine.entry.logout')}</span>
      </button>
    </nav>
  );
}
