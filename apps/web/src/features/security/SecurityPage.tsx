import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { ChevronIcon, KeyIcon, LockIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import {
  emptySecondFactor,
  SecondFactorField,
  secondFactorError,
  secondFactorProof,
  type SecondFactorInput,
} from '../../components/SecondFactorField';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { TextField } from '../../components/TextField';
import { copyText } from '../../lib/clipboard';
import { saveBlob } from '../../lib/download';
import { QrCode } from '../engagement';
import { DevicesSection } from './DevicesSection';
import { PasskeysSection } from './PasskeysSection';

/** The secret in groups of four, easier to type into an authenticator by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Ten recovery codes, shown once (docs/api.md §23.1): copy, download as text, then done. */
function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${t('ui.security.totp.fileTitle', { account })}\n\n${codes.join('\n')}\n`;
  return (
    <section className="card security-card" aria-labelledby="security-codes-title" data-testid="security-codes">
      <h2 id="security-codes-title" className="security-title">
        {t('ui.security.totp.codesTitle')}
      </h2>
      <p className="caption">{t('ui.security.totp.codesHint')}</p>
      <ol className="recovery-codes num" data-testid="security-codes-list">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="security-actions">
        <Button block onClick={() => void copyText(codes.join('\n')).then(setCopied)} data-testid="security-codes-copy">
          {copied ? t('ui.security.totp.copied') : t('ui.security.totp.copy')}
        </Button>
        <Button
          block
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt')}
          data-testid="security-codes-download"
        >
          {t('ui.security.totp.download')}
        </Button>
      </div>
      <Button block color="primary" size="large" onClick={onDone} data-testid="security-codes-done">
        {t('ui.security.totp.done')}
      </Button>
    </section>
  );
}

type Setup = { secret: string; otpauthUrl: string };

/** Turning it on: the password, then the QR code and the key with a code to confirm, then the recovery codes. */
function TurnOn({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState<SecondFactorInput>(emptySecondFactor);
  const [codeError, setCodeError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => call('totpSetup', { password }),
    onSuccess: (answer) => {
      setSetup(answer);
      setPassword('');
    },
  });
  const enable = useMutation({
    mutationFn: () => call('totpEnable', { code: code.value.trim() }),
    onSuccess: (answer) => onCodes(answer.recoveryCodes),
    onError: () => setCode(emptySecondFactor),
  });

  if (!open) {
    return (
      <Button block color="primary" size="large" onClick={() => setOpen(true)} data-testid="security-totp-start">
        {t('ui.security.totp.start')}
      </Button>
    );
  }
  if (!setup) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const problem = password ? null : t('ui.validate.required', { field: t('ui.security.totp.password') });
      setPasswordError(problem);
      if (!problem) start.mutate();
    };
    return (
      <form className="form" onSubmit={submit} noValidate aria-label={t('ui.security.totp.start')}>
        <TextField
          label={t('ui.security.totp.password')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={passwordError}
          testId="security-totp-password"
        />
        <div className="security-actions">
          <Button block onClick={() => setOpen(false)}>
            {t('ui.security.totp.cancel')}
          </Button>
          <Button block color="primary" type="submit" loading={start.isPending} data-testid="security-totp-next">
            {t('ui.security.totp.next')}
          </Button>
        </div>
      </form>
    );
  }
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const problem = secondFactorError(code, t);
    setCodeError(problem);
    if (!problem) enable.mutate();
  };
  return (
    <form className="form" onSubmit={confirm} noValidate aria-label={t('ui.security.totp.confirm')}>
      <p className="caption">{t('ui.security.totp.scan')}</p>
      <div className="security-qr">
        <QrCode text={setup.otpauthUrl} label={t('ui.security.totp.qrLabel')} size={168} />
        <div className="security-secret">
          <span className="caption" id="security-secret-label">
            {t('ui.security.totp.secret')}
          </span>
          <code className="num" aria-labelledby="security-secret-label" data-testid="security-totp-secret">
            {grouped(setup.secret)}
          </code>
          <button
            type="button"
            className="link-button"
            onClick={() => void copyText(setup.secret)}
            data-testid="security-secret-copy"
          >
            {t('ui.security.totp.copy')}
          </button>
        </div>
      </div>
      <TextField
        label={t('ui.security.totp.confirmCode')}
        value={code.value}
        onChange={(value) => setCode({ mode: 'code', value: value.replace(/\D/g, '').slice(0, 6) })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        hint={t('ui.login.twoStep.hint')}
        error={codeError}
        testId="security-totp-code"
      />
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={enable.isPending}
        data-testid="security-totp-confirm"
      >
        {t('ui.security.totp.confirm')}
      </Button>
    </form>
  );
}

/** With it on: turn it off, or replace the recovery codes; both ask the password and a code. */
function ManageTotp({ onCodes, onOff }: { onCodes: (codes: string[]) => void; onOff: () => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<'off' | 'codes' | null>(null);
  const [password, setPassword] = useState('');
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const [errors, setErrors] = useState<{ password?: string | null; factor?: string | null }>({});
  const reset = () => {
    setPassword('');
    setFactor(emptySecondFactor);
    setErrors({});
  };
  const disable = useMutation({
    mutationFn: () => call('totpDisable', { password, ...secondFactorProof(factor) }),
    onSuccess: () => {
      reset();
      setAction(null);
      onOff();
    },
    onError: () => setFactor((f) => ({ ...f, value: '' })),
  });
  const renew = useMutation({
    mutationFn: () => call('recoveryCodes', { password, code: factor.value.trim() }),
    onSuccess: (answer) => {
      reset();
      setAction(null);
      onCodes(answer.recoveryCodes);
    },
    onError: () => setFactor((f) => ({ ...f, value: '' })),
  });

  if (action === null) {
    return (
      <div className="security-actions">
        <Button block onClick={() => setAction('codes')} data-testid="security-totp-renew">
          {t('ui.security.totp.newCodes')}
        </Button>
        <Button block color="danger" fill="outline" onClick={() => setAction('off')} data-testid="security-totp-off">
          {t('ui.security.totp.turnOff')}
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: password ? null : t('ui.validate.required', { field: t('ui.security.totp.password') }),
      factor: secondFactorError(factor, t),
    };
    setErrors(next);
    if (next.password || next.factor) return;
    if (action === 'off') disable.mutate();
    else renew.mutate();
  };
  const title = action === 'off' ? t('ui.security.totp.turnOff') : t('ui.security.totp.newCodes');
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={title} data-testid={`security-form-${action}`}>
      <p className="caption">
        {action === 'off' ? t('ui.security.totp.turnOffHint') : t('ui.security.totp.newCodesHint')}
      </p>
      <TextField
        label={t('ui.security.totp.password')}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={errors.password}
        testId="security-manage-password"
      />
      {action === 'off' ? (
        <SecondFactorField value={factor} onChange={setFactor} error={errors.factor} testId="security-manage-code" />
      ) : (
        <TextField
          label={t('ui.login.twoStep.code')}
          value={factor.value}
          onChange={(value) => setFactor({ mode: 'code', value: value.replace(/\D/g, '').slice(0, 6) })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          error={errors.factor}
          testId="security-manage-code"
        />
      )}
      <div className="security-actions">
        <Button
          block
          onClick={() => {
            reset();
            setAction(null);
          }}
        >
          {t('ui.security.totp.cancel')}
        </Button>
        <Button
          block
          color={action === 'off' ? 'danger' : 'primary'}
          type="submit"
          loading={disable.isPending || renew.isPending}
          data-testid="security-manage-submit"
        >
          {title}
        </Button>
      </div>
    </form>
  );
}

/** `/information/security`: two-step verification (docs/api.md §23.1), signed-in devices (§23.8) and the passwords. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['userInfo'] });

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.security.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }
  const on = user.data?.totpEnabled === true;
  return (
    <SubPage title={t('ui.security.title')}>
      {codes ? (
        <RecoveryCodes codes={codes} account={user.data?.account ?? ''} onDone={() => setCodes(null)} />
      ) : (
        <section className="card security-card" aria-labelledby="security-totp-title" data-testid="security-totp">
          <div className="security-head">
            <h2 id="security-totp-title" className="security-title">
              {t('ui.security.totp.title')}
            </h2>
            {user.data ? (
              <span className={on ? 'tag' : 'tag warn'} data-testid="security-totp-state">
                {on ? t('ui.security.totp.on') : t('ui.security.totp.off')}
              </span>
            ) : null}
          </div>
          <p className="caption">{t('ui.security.totp.intro')}</p>
          {user.isPending ? (
            <Loading rows={2} />
          ) : user.isError ? (
            <ErrorRetry onRetry={() => void user.refetch()} />
          ) : on ? (
            <ManageTotp onCodes={setCodes} onOff={refresh} />
          ) : (
            <TurnOn
              onCodes={(next) => {
                setCodes(next);
                refresh();
              }}
            />
          )}
        </section>
      )}
      <PasskeysSection />
      <DevicesSection />
      <nav className="entry-list" aria-label={t('ui.security.passwords')}>
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
    </SubPage>
  );
}
