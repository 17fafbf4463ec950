import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useIsLoggedIn } from '../api/queries';
import { ProfileEntries, ProfileHead } from '../features/account';
import { AssetsCard } from './AssetsCard';
import { ChevronIcon, SettingIcon, UserIcon } from './Icons';

/** Spec §2: the left slide-in user-centre panel, 80 % of the width. */
export function UserPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  return (
    <Popup
      visible={open}
      position="left"
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ width: '80%' }}
      destroyOnClose
    >
      <div
        className="user-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('ui.panel.title')}
        data-testid="user-panel"
      >
        <div className="panel-head">
          <ProfileHead />
        </div>
        <div className="panel-body">
          {loggedIn ? (
            <>
              <AssetsCard />
              <nav className="entry-list" aria-label={t('ui.panel.title')}>
                <Link to="/information/index" className="entry" onClick={onClose}>
                  <UserIcon className="entry-icon" />
                  <span className="entry-label">{t('ui.panel.openProfile')}</span>
                  <ChevronIcon className="chevron" />
                </Link>
                <Link to="/information/setting" className="entry" onClick={onClose}>
                  <SettingIcon className="entry-icon" />
                  <span className="entry-label">{t('ui.setting.title')}</span>
                  <ChevronIcon className="chevron" />
                </Link>
              </nav>
              <ProfileEntries onNavigate={onClose} />
            </>
          ) : (
            <section className="card">
              <p className="muted">{t('ui.panel.loginPrompt')}</p>
              <div className="form-footer">
                <Button
                  block
                  color="primary"
                  onClick={() => {
                    onClose();
                    navigate('/login/login');
                  }}
                >
                  {t('ui.start.login')}
                </Button>
                <Button
                  block
                  onClick={() => {
                    onClose();
                    navigate('/login/register');
                  }}
                >
                  {t('ui.start.register')}
                </Button>
              </div>
            </section>
          )}
        </div>
      </div>
    </Popup>
  );
}
