import type { SecondFactorProof } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from './TextField';

/** What the user typed as the second factor (docs/api.md §23.1): an app code or a recovery code. */
export interface SecondFactorInput {
  mode: 'code' | 'recovery';
  value: string;
}

export const emptySecondFactor: SecondFactorInput = { mode: 'code', value: '' };

/** The request fields of the input: `code` or `recoveryCode`. */
export function secondFactorProof(input: SecondFactorInput): SecondFactorProof {
  const value = input.value.trim();
  return input.mode === 'code' ? { code: value } : { recoveryCode: value };
}

/** The reason the input cannot be sent yet, in words, or null. */
export function secondFactorError(
  input: SecondFactorInput,
  t: (key: string, params?: Record<string, string>) => string,
): string | null {
  const value = input.value.trim();
  const label = t(input.mode === 'code' ? 'ui.login.twoStep.code' : 'ui.login.twoStep.recoveryCode');
  if (!value) return t('ui.validate.required', { field: label });
  if (input.mode === 'code' && !/^\d{6}$/.test(value)) return t('ui.login.twoStep.codeFormat');
  return null;
}

/**
 * The code field of a protected form or of the login's second step: six digits from the
 * authenticator app, or (after the switch below it) a recovery code. Shown before the user
 * presses confirm whenever the account has two-step verification on.
 */
export function SecondFactorField({
  value,
  onChange,
  error,
  hint,
  testId = 'second-factor',
  autoFocus,
}: {
  value: SecondFactorInput;
  onChange: (next: SecondFactorInput) => void;
  error?: string | null;
  hint?: string;
  testId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const isCode = value.mode === 'code';
  return (
    <div className="second-factor">
      <TextField
        label={t(isCode ? 'ui.login.twoStep.code' : 'ui.login.twoStep.recoveryCode')}
        value={value.value}
        onChange={(next) => onChange({ ...value, value: isCode ? next.replace(/\D/g, '').slice(0, 6) : next })}
        inputMode={isCode ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={isCode ? 6 : 40}
        placeholder={isCode ? '000000' : 'xxxx-xxxx-xxxx-xxxx'}
        hint={hint ?? t(isCode ? 'ui.login.twoStep.hint' : 'ui.login.twoStep.hintRecovery')}
        error={error}
        testId={testId}
        autoFocus={autoFocus}
      />
      <button
        type="button"
        className="link-button second-factor-switch"
        onClick={() => onChange({ mode: isCode ? 'recovery' : 'code', value: '' })}
        data-testid={`${testId}-switch`}
      >
        {t(isCode ? 'ui.login.twoStep.useRecovery' : 'ui.login.twoStep.useCode')}
      </button>
    </div>
  );
}
