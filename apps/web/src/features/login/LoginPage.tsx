import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { TextField } from '../../components/TextField';
import { useBack } from '../../components/navigation';
import { BackIcon } from '../../components/Icons';
import { useSession } from '../../store/session';
import { LanguageSwitch } from './LanguageSwitch';
import { useSignedIn } from './useSignedIn';

type Errors = Partial<Record<'account' | 'password', string>>;

export default function LoginPage() {
  const { t } = useTranslation();
  const back = useBack();
  const storedAccount = useSession((s) => s.account);
  const [account, setAccount] = useState(storedAccount);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const signedIn = useSignedIn();
  const login = useMutation({
    mutationFn: () => call('login', { account: account.trim(), password }),
    onSuccess: signedIn,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!account.trim()) next.account = t('ui.validate.required', { field: t('ui.login.account') });
    if (!password) next.password = t('ui.validate.required', { field: t('ui.login.password') });
    setErrors(next);
    if (Object.keys(next).length === 0) login.mutate();
  };

  return (
    <div className="auth-page">
      <div className="auth-hero">
        <div className="auth-top">
          <button
            type="button"
            className="icon-button"
            style={{ color: '#fff', marginLeft: -12 }}
            onClick={back}
            aria-label={t('ui.common.back')}
          >
            <BackIcon />
          </button>
          <LanguageSwitch />
        </div>
        <h1>{t('ui.login.title')}</h1>
        <p>{t('ui.login.subtitle')}</p>
      </div>
      <form className="auth-body form" onSubmit={submit} noValidate aria-label={t('ui.login.title')}>
        <TextField
          label={t('ui.login.account')}
          value={account}
          onChange={setAccount}
          placeholder={t('ui.login.accountPlaceholder')}
          inputMode="tel"
          autoComplete="username"
          error={errors.account}
          testId="login-account"
        />
        <TextField
          label={t('ui.login.password')}
          type="password"
          value={password}
          onChange={setPassword}
          placeholder={t('ui.login.passwordPlaceholder')}
          autoComplete="current-password"
          error={errors.password}
          testId="login-password"
        />
        <div className="form-footer">
          <Button block color="primary" size="large" type="submit" loading={login.isPending} data-testid="login-submit">
            {t('ui.login.submit')}
          </Button>
          <div className="center-row">
            <span className="muted">{t('ui.login.noAccount')}</span>
            <Link to="/login/register">{t('ui.login.toRegister')}</Link>
          </div>
        </div>
      </form>
    </div>
  );
}
