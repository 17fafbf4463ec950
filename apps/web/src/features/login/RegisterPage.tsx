import type { LegalKind } from '@brokerage/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { call, toast } from '../../api/client';
import { BackIcon } from '../../components/Icons';
import { LegalPopup } from '../../components/LegalPopup';
import { TextField } from '../../components/TextField';
import { useBack } from '../../components/navigation';
import { LanguageSwitch } from './LanguageSwitch';
import { useFieldErrors } from '../../lib/field-errors';
import { useSignedIn } from './useSignedIn';

type FieldKey = 'phone' | 'password' | 'confirm' | 'invite';
type Errors = Partial<Record<FieldKey, string>>;

export interface RegisterValues {
  phone: string;
  password: string;
  confirm: string;
  invite: string;
  agreed: boolean;
}

/**
 * Spec §5: account, password, confirm password and invitation code must not be empty; the
 * passwords must match; the agreement must be accepted. Returns per-field messages and the
 * agreement message (null when accepted).
 */
export function validateRegister(
  values: RegisterValues,
  t: (key: string, params?: Record<string, string>) => string,
): { errors: Errors; agreement: string | null } {
  const errors: Errors = {};
  const required = (key: FieldKey, value: string, label: string) => {
    if (!value.trim()) errors[key] = t('ui.validate.required', { field: t(label) });
  };
  required('phone', values.phone, 'ui.register.phone');
  required('password', values.password, 'ui.register.password');
  required('confirm', values.confirm, 'ui.register.confirm');
  required('invite', values.invite, 'ui.register.invite');
  if (!errors.password && !errors.confirm && values.password !== values.confirm)
    errors.confirm = t('ui.validate.mismatch');
  return { errors, agreement: values.agreed ? null : t('ui.validate.agreement') };
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const back = useBack();
  // An invitation link (`#/login/register?code=K7M2Q9`, invite friends' QR code) fills in the code.
  const [params] = useSearchParams();
  const [values, setValues] = useState<RegisterValues>(() => ({
    phone: '',
    password: '',
    confirm: '',
    invite: params.get('code')?.trim() ?? '',
    agreed: false,
  }));
  const validation = validateRegister(values, t);
  const { errors, reveal } = useFieldErrors<FieldKey>(validation.errors);
  const [legal, setLegal] = useState<LegalKind | null>(null);
  const signedIn = useSignedIn();
  const register = useMutation({
    mutationFn: () =>
      call('register', {
        phone: values.phone.trim(),
        password: values.password,
        confirmPassword: values.confirm,
        inviteCode: values.invite.trim(),
        agreementAccepted: true,
      }),
    onSuccess: signedIn,
  });
  const set = (key: keyof RegisterValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reveal();
    const first = Object.values(validation.errors)[0] ?? validation.agreement;
    if (first) {
      toast(first);
      return;
    }
    register.mutate();
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
        <h1>{t('ui.register.title')}</h1>
        <p>{t('ui.register.subtitle')}</p>
      </div>
      <form className="auth-body form" onSubmit={submit} noValidate aria-label={t('ui.register.title')}>
        <TextField
          label={t('ui.register.phone')}
          value={values.phone}
          onChange={set('phone')}
          placeholder={t('ui.register.phonePlaceholder')}
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone}
          testId="register-phone"
        />
        <TextField
          label={t('ui.register.password')}
          type="password"
          value={values.password}
          onChange={set('password')}
          placeholder={t('ui.register.passwordPlaceholder')}
          autoComplete="new-password"
          hint={t('ui.password.rule')}
          error={errors.password}
          testId="register-password"
        />
        <TextField
          label={t('ui.register.confirm')}
          type="password"
          value={values.confirm}
          onChange={set('confirm')}
          placeholder={t('ui.register.confirmPlaceholder')}
          autoComplete="new-password"
          error={errors.confirm}
          testId="register-confirm"
        />
        <TextField
          label={t('ui.register.invite')}
          value={values.invite}
          onChange={set('invite')}
          placeholder={t('ui.register.invitePlaceholder')}
          autoComplete="off"
          error={errors.invite}
          testId="register-invite"
        />
        <div className="check-row">
          <label className="check">
            <input
              type="checkbox"
              checked={values.agreed}
              onChange={(event) => setValues((v) => ({ ...v, agreed: event.target.checked }))}
              aria-label={t('ui.register.agreeLabel')}
              data-testid="register-agree"
            />
          </label>
          <span className="check-text">
            {t('ui.register.agreePrefix')}{' '}
            {/* the two links wrap as a group, a finger's height apart, so their hit areas never overlap */}
            <span className="legal-links">
              <button
                type="button"
                className="link-button"
                onClick={() => setLegal('agreement')}
                data-testid="register-open-agreement"
              >
                {t('ui.legal.agreement')}
              </button>
              <span>{t('ui.register.and')}</span>
              <button
                type="button"
                className="link-button"
                onClick={() => setLegal('privacy')}
                data-testid="register-open-privacy"
              >
                {t('ui.legal.privacy')}
              </button>
            </span>
          </span>
        </div>
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={register.isPending}
            data-testid="register-submit"
          >
            {t('ui.register.submit')}
          </Button>
          <div className="center-row">
            <span className="muted">{t('ui.register.haveAccount')}</span>
            <Link to="/login/login">{t('ui.register.toLogin')}</Link>
          </div>
        </div>
      </form>
      <LegalPopup kind={legal} onClose={() => setLegal(null)} />
    </div>
  );
}
