import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUserInfo, useIsLoggedIn } from '../../api/queries';
import { CheckIcon, ChevronIcon, KeyIcon, LockIcon, LogoutIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SubPage } from '../../components/SubPage';
import { SegmentedSwitch } from '../../components/TabStrip';
import { setThemeChoice, themeChoices, useThemeChoice } from '../../lib/theme';
import { effectiveUpColour, useSession, type UpColour } from '../../store/session';
import { useLogout } from './useAccountActions';

const colourOptions: { value: UpColour; up: string; down: string }[] = [
  { value: 'green', up: 'var(--green)', down: 'var(--red)' },
  { value: 'red', up: 'var(--red)', down: 'var(--green)' },
];

/**
 * The colour convention (docs/ui.md): green-up/red-down or red-up/green-down. Until the user picks
 * one it follows the language; the choice is kept under the local key `upColour`. It is a
 * device preference, so it is offered with or without a session.
 */
export function UpColourSetting() {
  const { t } = useTranslation();
  const upColour = useSession(effectiveUpColour);
  const setUpColour = useSession((s) => s.setUpColour);
  return (
    <section className="card" aria-labelledby="setting-colours">
      <h2 id="setting-colours">{t('ui.setting.upColour')}</h2>
      <div role="radiogroup" aria-labelledby="setting-colours" className="colour-options">
        {colourOptions.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={upColour === option.value}
            className="colour-option"
            onClick={() => setUpColour(option.value)}
            data-testid={`up-colour-${option.value}`}
          >
            <span className="colour-sample" aria-hidden="true">
              <span style={{ color: option.up }}>▲ +1.20%</span>
              <span style={{ color: option.down }}>▼ -1.20%</span>
            </span>
            <span className="colour-label">
              {t(option.value === 'green' ? 'ui.setting.greenUp' : 'ui.setting.redUp')}
            </span>
            {upColour === option.value ? <CheckIcon className="colour-check" /> : null}
          </button>
        ))}
      </div>
      <p className="caption" style={{ marginBottom: 0 }}>
        {t('ui.setting.upColourHint')}
      </p>
    </section>
  );
}

/**
 * The colour theme (issue 16 item 6): the device's setting, light or dark, kept on this device
 * (`theme` in local storage) and applied before the first paint by index.html's inline script.
 */
export function ThemeSetting() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <section className="card" aria-labelledby="setting-theme">
      <h2 id="setting-theme">{t('ui.setting.theme')}</h2>
      <div className="theme-options">
        <SegmentedSwitch
          label={t('ui.setting.theme')}
          value={choice}
          testIdPrefix="theme-"
          describedBy="setting-theme-hint"
          options={themeChoices.map((key) => ({ key, label: t(`ui.setting.theme.${key}`) }))}
          onChange={setThemeChoice}
        />
      </div>
      <p id="setting-theme-hint" className="caption" style={{ marginBottom: 0 }}>
        {t('ui.setting.themeHint')}
      </p>
    </section>
  );
}

/** Spec §2 "Settings: name, registered phone, change passwords, log out" (+ the up/down colour setting of docs/ui.md). */
export default function SettingPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const logout = useLogout();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) {
    return (
      <SubPage title={t('ui.setting.title')}>
        <LoginPrompt />
        <ThemeSetting />
        <UpColourSetting />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.setting.title')}>
      {user.isPending ? (
        <section className="card">
          <Loading rows={2} />
        </section>
      ) : user.isError ? (
        <section className="card">
          <ErrorRetry onRetry={() => void user.refetch()} />
        </section>
      ) : (
        <dl className="entry-list" style={{ margin: 0 }}>
          <div className="entry" style={{ cursor: 'default' }}>
            <dt className="entry-label">{t('ui.setting.name')}</dt>
            <dd className="entry-extra" style={{ margin: 0 }} data-testid="setting-name">
              {user.data.realName || user.data.account}
            </dd>
          </div>
          <div className="entry" style={{ cursor: 'default' }}>
            <dt className="entry-label">{t('ui.setting.phone')}</dt>
            <dd className="entry-extra num" style={{ margin: 0 }} data-testid="setting-phone">
              {user.data.phone}
            </dd>
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
      <ThemeSetting />
      <UpColourSetting />
      <div className="entry-list">
        <button type="button" className="entry danger" onClick={() => void logout()} data-testid="setting-logout">
          <LogoutIcon className="entry-icon" />
          <span className="entry-label">{t('ui.mine.entry.logout')}</span>
        </button>
      </div>
    </SubPage>
  );
}
