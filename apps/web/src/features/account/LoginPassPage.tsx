import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useIsLoggedIn, useUserInfo } from '../../api/queries';
import { SubPage } from '../../components/SubPage';
import {
  emptySecondFactor,
  SecondFactorField,
  secondFactorError,
  secondFactorProof,
  type SecondFactorInput,
} from '../../components/SecondFactorField';
import { TextField } from '../../components/TextField';
import { useBack } from '../../components/navigation';

type Key = 'old' | 'next' | 'confirm';

/** Change the login password (docs/api.md §7.6); spec §5: not empty, new and confirmation match. */
export default function LoginPassPage() {
  const { t } = useTranslation();
  const back = useBack();
  const [values, setValues] = useState<Record<Key, string>>({ old: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  // two-step verification on: the code field shows with the form, before the user saves (§23.1)
  const needsFactor = useUserInfo().data?.totpEnabled === true;
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const [factorError, setFactorError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () =>
      call('changePassword', {
        oldPassword: values.old,
        newPassword: values.next,
        confirmPassword: values.confirm,
        ...(needsFactor ? secondFactorProof(factor) : {}),
      }),
    onSuccess: back,
    onError: () => setFactor((f) => ({ ...f, value: '' })),
  });
  const labels: Record<Key, string> = {
    old: t('ui.loginPass.old'),
    next: t('ui.loginPass.new'),
    confirm: t('ui.loginPass.confirm'),
  };
  const loggedIn = useIsLoggedIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Key, string>> = {};
    for (const key of ['old', 'next', 'confirm'] as const) {
      if (!values[key]) next[key] = t('ui.validate.required', { field: labels[key] });
    }
    if (!next.next && !next.confirm && values.next !== values.confirm) next.confirm = t('ui.validate.mismatch');
    const factorProblem = needsFactor ? secondFactorError(factor, t) : null;
    setErrors(next);
    setFactorError(factorProblem);
    if (Object.keys(next).length === 0 && !factorProblem) change.mutate();
  };
  const set = (key: Key) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.loginPass.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.loginPass.title')}>
      <form className="form card" onSubmit={submit} noValidate aria-label={t('ui.loginPass.title')}>
        <TextField
          label={labels.old}
          type="password"
          value={values.old}
          onChange={set('old')}
          autoComplete="current-password"
          error={errors.old}
          testId="loginpass-old"
        />
        <TextField
          label={labels.next}
          type="password"
          value={values.next}
          onChange={set('next')}
          autoComplete="new-password"
          hint={t('ui.password.rule')}
          error={errors.next}
          testId="loginpass-new"
        />
        <TextField
          label={labels.confirm}
          type="password"
          value={values.confirm}
          onChange={set('confirm')}
          autoComplete="new-password"
          error={errors.confirm}
          testId="loginpass-confirm"
        />
        {needsFactor ? (
          <SecondFactorField
            value={factor}
            onChange={setFactor}
            error={factorError}
            hint={t('ui.twoStep.fieldHint')}
            testId="loginpass-code"
          />
        ) : null}
        <div className="form-footer">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={change.isPending}
            data-testid="loginpass-submit"
          >
            {t('ui.common.save')}
          </Button>
        </div>
      </form>
    </SubPage>
  );
}
