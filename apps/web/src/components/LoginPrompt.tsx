import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Shown in place of account data when there is no session (routes have no guard, spec §2). */
export function LoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card" data-testid="login-prompt">
      <p className="muted" style={{ marginTop: 0 }}>{t('ui.panel.loginPrompt')}</p>
      <Button block color="primary" onClick={() => navigate('/login/login')}>
        {t('ui.start.login')}
      </Button>
    </section>
  );
}
