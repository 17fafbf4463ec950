import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { imageUrl, useConfig } from '../../api/queries';
import { ChartIcon, LockIcon, WalletIcon } from '../../components/Icons';
import { LanguageSwitch } from './LanguageSwitch';
import { StartSlides } from './StartSlides';

const slides = [
  { key: 'slide1', Icon: ChartIcon },
  { key: 'slide2', Icon: LockIcon },
  { key: 'slide3', Icon: WalletIcon },
];

/** Splash / welcome: a looping carousel and the way in (login or register). */
export default function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const logo = imageUrl(config.data, config.data?.logo);
  const title = config.data?.title || t('ui.app.name');
  // A logo that fails to load is hidden rather than shown as a broken image.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  return (
    <div className="start-page" data-testid="start-page">
      <div className="start-brand">
        {logo && logo !== failedLogo ? <img src={logo} alt="" onError={() => setFailedLogo(logo)} /> : null}
        <strong>{title}</strong>
        <LanguageSwitch />
      </div>
      <StartSlides slides={slides} />
      <div className="start-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/login/login')}
          data-testid="start-login"
          style={{ background: '#fff', color: 'var(--hero-to)', borderColor: '#fff' }}
        >
          {t('ui.start.login')}
        </Button>
        <Button block size="large" onClick={() => navigate('/login/register')} data-testid="start-register">
          {t('ui.start.register')}
        </Button>
      </div>
    </div>
  );
}
