import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * Shown in place of account data when there is no session (routes have no guard, spec §2).
 * `message` says what logging in is for here (the watchlist, deposits…); the default speaks
 * of the account and balances.
 */
export function LoginPrompt({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card" data-testid="login-prompt">
      <p className="muted" style={{ marginTop: 0 }} data-testid="login-prompt-text">
        {message ?? t('ui.panel.loginPrompt')}
      </p>
      <Button block color="primary" onClick={() => navigate('/login/login')}>
        {t('ui.start.login')}
      </Button>
    </section>
  );
}
