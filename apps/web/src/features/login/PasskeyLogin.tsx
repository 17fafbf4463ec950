import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError, call, toast } from '../../api/client';
import { KeyIcon } from '../../components/Icons';
import { browserHasWebAuthn, isWebAuthnCancel } from '../../lib/webauthn';
import { useSignedIn } from './useSignedIn';
import './passkey-login.css';

/**
 * "Sign in with a passkey" (docs/api.md §23.7): a challenge for any discoverable passkey, the
 * browser's own dialog (`startAuthentication`, loaded on the tap so the login screen's first
 * download stays small), then `/user/passkeyLogin`, which answers as `/user/login`. Not shown in a
 * browser without WebAuthn.
 */
export function PasskeyLogin() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const login = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await call('passkeyLoginOptions', {});
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
      return call('passkeyLogin', {
        challengeId,
        response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
      });
    },
    onSuccess: signedIn,
    onError: (error) => {
      // the client toasted a server refusal already
      if (error instanceof ApiError) return;
      toast(isWebAuthnCancel(error) ? t('ui.login.passkey.cancelled') : t('code.auth.passkey_invalid'));
    },
  });
  if (!browserHasWebAuthn()) return null;
  return (
    <div className="passkey-login">
      <p className="muted passkey-or" aria-hidden="true">
        {t('ui.login.passkey.or')}
      </p>
      <Button
        block
        size="large"
        onClick={() => login.mutate()}
        loading={login.isPending}
        data-testid="login-passkey"
        aria-label={t('ui.login.passkey.button')}
      >
        <KeyIcon aria-hidden="true" style={{ width: 18, height: 18, verticalAlign: '-3px', marginRight: 8 }} />
        {t('ui.login.passkey.button')}
      </Button>
    </div>
  );
}
