import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useUserInfo, useIsLoggedIn } from '../../api/queries';
import { ErrorRetry, Loading } from '../../components/States';
import { LoginPrompt } from '../../components/LoginPrompt';
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

type Key = 'first' | 'second' | 'third';
const sixDigits = /^\d{6}$/;

/**
 * Set the fund password once (docs/api.md §7.7) or change it (§7.8), depending on `hasFundPassword`.
 * Set: fund password, confirmation, login password. Change: current, new, confirmation.
 */
export default function FundPassPage() {
  const { t } = useTranslation();
  const back = useBack();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const hasFundPassword = user.data?.hasFundPassword === true;
  const [values, setValues] = useState<Record<Key, string>>({ first: '', second: '', third: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  // changing it with two-step verification on asks a code too, shown with the form (§23.1)
  const needsFactor = hasFundPassword && user.data?.totpEnabled === true;
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const [factorError, setFactorError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      hasFundPassword
        ? call('changeFundPassword', {
            oldFundPassword: values.first,
            newFundPassword: values.second,
            confirmFundPassword: values.third,
            ...(needsFactor ? secondFactorProof(factor) : {}),
          })
        : call('setFundPassword', {
            fundPassword: values.first,
            confirmFundPassword: values.second,
            loginPassword: values.third,
          }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['userInfo'] });
      back();
    },
    onError: () => setFactor((f) => ({ ...f, value: '' })),
  });

  const title = hasFundPassword ? t('ui.fundPass.titleChange') : t('ui.fundPass.titleSet');
  const labels: Record<Key, string> = hasFundPassword
    ? { first: t('ui.fundPass.old'), second: t('ui.fundPass.new'), third: t('ui.fundPass.confirm') }
    : { first: t('ui.fundPass.fund'), second: t('ui.fundPass.confirm'), third: t('ui.fundPass.loginPassword') };
  // Which two fields must match, and which one must be six digits.
  const newKey: Key = hasFundPassword ? 'second' : 'first';
  const confirmKey: Key = hasFundPassword ? 'third' : 'second';
  const loggedIn = useIsLoggedIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Key, string>> = {};
    for (const key of ['first', 'second', 'third'] as const) {
      if (!values[key]) next[key] = t('ui.validate.required', { field: labels[key] });
    }
    if (!next[newKey] && !sixDigits.test(values[newKey])) next[newKey] = t('ui.validate.fundPasswordFormat');
    if (!next[newKey] && !next[confirmKey] && values[newKey] !== values[confirmKey])
      next[confirmKey] = t('ui.validate.mismatch');
    const factorProblem = needsFactor ? secondFactorError(factor, t) : null;
    setErrors(next);
    setFactorError(factorProblem);
    if (Object.keys(next).length === 0 && !factorProblem) save.mutate();
  };
  const set = (key: Key) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const digitProps = (key: Key) =>
    key === 'third' && !hasFundPassword
      ? { autoComplete: 'current-password' }
      : { inputMode: 'numeric' as const, maxLength: 6, autoComplete: 'off', pattern: '[0-9]*' };

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.mine.entry.fundPass')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={user.isPending ? t('ui.mine.entry.fundPass') : title}>
      {user.isPending ? (
        <section className="card">
          <Loading rows={3} />
        </section>
      ) : user.isError ? (
        <section className="card">
          <ErrorRetry onRetry={() => void user.refetch()} />
        </section>
      ) : (
        <form className="form card" onSubmit={submit} noValidate aria-label={title}>
          {(['first', 'second', 'third'] as const).map((key) => (
            <TextField
              key={`${String(hasFundPassword)}-${key}`}
              label={labels[key]}
              type="password"
              value={values[key]}
              onChange={set(key)}
              hint={key === newKey ? t('ui.fundPass.hint') : undefined}
              error={errors[key]}
              testId={`fundpass-${key}`}
              {...digitProps(key)}
            />
          ))}
          {needsFactor ? (
            <SecondFactorField
              value={factor}
              onChange={setFactor}
              error={factorError}
              hint={t('ui.twoStep.fieldHint')}
              testId="fundpass-code"
            />
          ) : null}
          <div className="form-footer">
            <Button
              block
              color="primary"
              size="large"
              type="submit"
              loading={save.isPending}
              data-testid="fundpass-submit"
            >
              {t('ui.common.save')}
            </Button>
          </div>
        </form>
      )}
    </SubPage>
  );
}
