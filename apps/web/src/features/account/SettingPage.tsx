import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUserInfo, useIsLoggedIn } from '../../api/queries';
import { ChevronIcon, KeyIcon, LockIcon, LogoutIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SubPage } from '../../components/SubPage';
import { effectiveUpColour, useSession, type UpColour } from '../../store/session';
import { useLogout } from './useAccountActions';

/** Spec §2 "Settings: name, registered phone, change passwords, log out" (+ the up/down colour setting of UI.md). */
export default function SettingPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const logout = useLogout();
  const upColour = useSession(effectiveUpColour);
  const setUpColour = useSession((s) => s.setUpColour);
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) {
    return (
      <SubPage title={t('ui.setting.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.setting.title')}>
      {user.isPending ? (
        <section className="card"><Loading rows={2} /></section>
      ) : user.isError ? (
        <section className="card"><ErrorRetry onRetry={() => void user.refetch()} /></section>
      ) : (
        <dl className="entry-list" style={{ margin: 0 }}>
          <div className="entry" style={{ cursor: 'default' }}>
            <dt className="entry-label">{t('ui.setting.name')}</dt>
            <dd className="entry-extra" style={{ margin: 0 }} data-testid="setting-name">{user.data.realname || user.data.account}</dd>
          </div>
          <div className="entry" style={{ cursor: 'default' }}>
            <dt className="entry-label">{t('ui.setting.phone')}</dt>
            <dd className="entry-extra num" style={{ margin: 0 }} data-testid="setting-phone">{user.data.phone}</dd>
          </div>
        </dl>
      )}
      <nav className="entry-list" aria-label={t('ui.setting.title')}>
        <Link to="/information/loginPass" className="entry">
          <LockIcon className="entry-icon" />
          <span className="entry-label">{t('ui.mine.entry.loginPass')}</span>
          <ChevronIcon className="chevron" />
        </Link>
        <Link to="/information/fundPass" className="entry">
          <KeyIcon className="entry-icon" />
          <span className="entry-label">{t('ui.mine.entry.fundPass')}</span>
          <ChevronIcon className="chevron" />
        </Link>
      </nav>
      <section className="card" aria-labelledby="setting-colours">
        <h2 id="setting-colours">{t('ui.setting.upColour')}</h2>
        <Selector<UpColour>
          columns={1}
          value={[upColour]}
          onChange={(values) => {
            const chosen = values[0];
            if (chosen) setUpColour(chosen);
          }}
          options={[
            { label: <span><span className="up-swatch" style={{ color: 'var(--green)' }}>▲</span> {t('ui.setting.greenUp')}</span>, value: 'green' },
            { label: <span><span style={{ color: 'var(--red)' }}>▲</span> {t('ui.setting.redUp')}</span>, value: 'red' },
          ]}
        />
      </section>
      <div className="entry-list">
        <button type="button" className="entry danger" onClick={() => void logout()} data-testid="setting-logout">
          <LogoutIcon className="entry-icon" />
          <span className="entry-label">{t('ui.mine.entry.logout')}</span>
        </button>
      </div>
    </SubPage>
  );
}
