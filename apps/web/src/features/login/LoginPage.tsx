import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, call, toast } from '../../api/client';
import {
  emptySecondFactor,
  SecondFactorField,
  secondFactorError,
  secondFactorProof,
  type SecondFactorInput,
} from '../../components/SecondFactorField';
import { TextField } from '../../components/TextField';
import { useBack } from '../../components/navigation';
import { BackIcon } from '../../components/Icons';
import { useSession } from '../../store/session';
import { LanguageSwitch } from './LanguageSwitch';
import { PasskeyLogin } from './PasskeyLogin';
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
  // two-step verification (docs/api.md §23.1): a right password answers a challenge, not a token
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const [factorError, setFactorError] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: () => call('login', { account: account.trim(), password }, { silent: true }),
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'auth.second_factor_required') {
        setChallengeId(String(error.params.challengeId ?? ''));
        setFactor(emptySecondFactor);
        setFactorError(null);
        return;
      }
      toast(error.message);
    },
  });
  const restart = () => {
    setChallengeId(null);
    setPassword('');
    setFactor(emptySecondFactor);
  };
  const verify = useMutation({
    mutationFn: () => call('loginVerify', { challengeId: challengeId ?? '', ...secondFactorProof(factor) }),
    onSuccess: signedIn,
    onError: (error) => {
      // an expired or used-up challenge: back to the password
      if (error instanceof ApiError && error.code === 'auth.challenge_expired') restart();
      else setFactor((f) => ({ ...f, value: '' }));
    },
  });
  const submitFactor = (event: FormEvent) => {
    event.preventDefault();
    const problem = secondFactorError(factor, t);
    setFactorError(problem);
    if (!problem) verify.mutate();
  };

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
      {challengeId !== null ? (
        <form
          className="auth-body form"
          onSubmit={submitFactor}
          noValidate
          aria-label={t('ui.login.twoStep.title')}
          data-testid="login-two-step"
        >
          <h2 style={{ margin: 0, fontSize: 18 }}>{t('ui.login.twoStep.title')}</h2>
          <SecondFactorField
            value={factor}
            onChange={(next) => {
              setFactor(next);
              setFactorError(null);
            }}
            error={factorError}
            testId="login-code"
            autoFocus
          />
          <div className="form-footer">
            <Button
              block
              color="primary"
              size="large"
              type="submit"
              loading={verify.isPending}
              data-testid="login-verify"
            >
              {t('ui.login.twoStep.submit')}
            </Button>
            <div className="center-row">
              <button type="button" className="link-button" onClick={restart} data-testid="login-restart">
                {t('ui.login.twoStep.restart')}
              </button>
            </div>
          </div>
        </form>
      ) : (
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
            <Button
              block
              color="primary"
              size="large"
              type="submit"
              loading={login.isPending}
              data-testid="login-submit"
            >
              {t('ui.login.submit')}
            </Button>
            <PasskeyLogin />
            <div className="center-row">
              <span className="muted">{t('ui.login.noAccount')}</span>
              <Link to="/login/register">{t('ui.login.toRegister')}</Link>
            </div>
          </div>
        </form>
      )}
    </div>
  );
}
