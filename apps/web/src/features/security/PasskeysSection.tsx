import { MAX_PASSKEYS, PASSKEY_NAME_MAX, type Passkey } from '@brokerage/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, toast } from '../../api/client';
import { BottomSheet } from '../../components/BottomSheet';
import { KeyIcon } from '../../components/Icons';
import { ErrorRetry, Loading } from '../../components/States';
import { TextField } from '../../components/TextField';
import { formatDateMinutes } from '../../lib/format';
import { browserHasWebAuthn, isWebAuthnCancel } from '../../lib/webauthn';
import { useSession } from '../../store/session';
import './passkeys.css';

const passkeyKeys = { list: (account: string) => ['passkeys', account] as const };

/** A time to the minute in the user's local time and language. */
const shortTime = (iso: string) => formatDateMinutes(iso);

/** Naming and creating a passkey: the name, then the browser's own dialog (`startRegistration`). */
function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async () => {
      const optionsJSON = await call('passkeyOptions', {});
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({
        optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON,
      }).catch((e: unknown) => {
        // the person closed the browser's dialog: nothing was made
        if (isWebAuthnCancel(e)) return null;
        throw e;
      });
      if (!response) return null;
      return call('passkeyAdd', {
        response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
        name: name.trim(),
      });
    },
    onSuccess: (added) => {
      if (!added) {
        toast(t('ui.security.passkeys.notCreated'));
        return;
      }
      setOpen(false);
      setName('');
      onAdded();
    },
    onError: (e) => {
      // the client already toasted a server refusal
      if (!(e instanceof ApiError)) toast(t('ui.security.passkeys.notCreated'));
    },
  });
  if (!open) {
    return (
      <Button block color="primary" size="large" onClick={() => setOpen(true)} data-testid="passkey-add">
        {t('ui.security.passkeys.add')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = name.trim() ? null : t('ui.validate.required', { field: t('ui.security.passkeys.name') });
    setError(problem);
    if (!problem) add.mutate();
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('ui.security.passkeys.add')}>
      <TextField
        label={t('ui.security.passkeys.name')}
        value={name}
        onChange={(value) => {
          setName(value);
          setError(null);
        }}
        maxLength={PASSKEY_NAME_MAX}
        placeholder={t('ui.security.passkeys.namePlaceholder')}
        hint={t('ui.security.passkeys.nameHint')}
        autoComplete="off"
        error={error}
        testId="passkey-name"
        autoFocus
      />
      <div className="security-actions">
        <Button block onClick={() => setOpen(false)}>
          {t('ui.security.passkeys.cancel')}
        </Button>
        <Button block color="primary" type="submit" loading={add.isPending} data-testid="passkey-create">
          {t('ui.security.passkeys.create')}
        </Button>
      </div>
    </form>
  );
}

/** The confirmation sheet of a removal: the login password. */
function RemoveSheet({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const remove = useMutation({
    mutationFn: () => call('passkeyRemove', { passkeyId: passkey?.id ?? '', password }),
    onSuccess: () => {
      close();
      onRemoved();
    },
    onError: () => setPassword(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = password ? null : t('ui.validate.required', { field: t('ui.security.totp.password') });
    setError(problem);
    if (!problem) remove.mutate();
  };
  return (
    <BottomSheet
      open={passkey !== null}
      onClose={close}
      title={t('ui.security.passkeys.removeTitle')}
      testId="passkey-remove-sheet"
    >
      <form className="form" onSubmit={submit} noValidate aria-label={t('ui.security.passkeys.removeTitle')}>
        <p className="caption">{t('ui.security.passkeys.removeHint', { name: passkey?.name ?? '' })}</p>
        <TextField
          label={t('ui.security.totp.password')}
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          autoComplete="current-password"
          error={error}
          testId="passkey-remove-password"
        />
        <div className="security-actions">
          <Button block onClick={close}>
            {t('ui.security.passkeys.cancel')}
          </Button>
          <Button block color="danger" type="submit" loading={remove.isPending} data-testid="passkey-remove-confirm">
            {t('ui.security.passkeys.remove')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

/**
 * The Security page's Passkeys section (docs/api.md §23.7): what a passkey is, the account's
 * passkeys with when each was added and last used, adding one (a name, then the browser's dialog)
 * and removing one after the login password in a sheet. A browser without WebAuthn is told so
 * instead of being offered a button that cannot work.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const account = useSession((s) => s.account);
  const queryClient = useQueryClient();
  const supported = browserHasWebAuthn();
  const list = useQuery({
    queryKey: passkeyKeys.list(account),
    queryFn: () => call('passkeys', {}),
  });
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: passkeyKeys.list(account) });
  const passkeys = list.data?.list ?? [];
  const full = passkeys.length >= MAX_PASSKEYS;

  return (
    <section className="card security-card" aria-labelledby="security-passkeys-title" data-testid="security-passkeys">
      <div className="security-head">
        <h2 id="security-passkeys-title" className="security-title">
          {t('ui.security.passkeys.title')}
        </h2>
        {list.data && passkeys.length > 0 ? (
          <span className="tag" data-testid="passkey-count">
            {t('ui.security.passkeys.count', { count: passkeys.length, max: MAX_PASSKEYS })}
          </span>
        ) : null}
      </div>
      <p className="caption">{t('ui.security.passkeys.intro')}</p>
      {list.isPending ? (
        <Loading rows={2} />
      ) : list.isError ? (
        <ErrorRetry onRetry={() => void list.refetch()} />
      ) : passkeys.length === 0 ? (
        <p className="passkey-empty" data-testid="passkey-empty">
          {t('ui.security.passkeys.empty')}
        </p>
      ) : (
        <ul className="passkey-list" data-testid="passkey-list">
          {passkeys.map((p) => (
            <li key={p.id} className="passkey-item" data-testid="passkey-item">
              <KeyIcon className="passkey-icon" aria-hidden="true" />
              <div className="passkey-text">
                <span className="passkey-name">{p.name}</span>
                <span className="caption">
                  {t('ui.security.passkeys.added', { date: shortTime(p.createdAt) })} ·{' '}
                  {p.lastUsedAt
                    ? t('ui.security.passkeys.lastUsed', { date: shortTime(p.lastUsedAt) })
                    : t('ui.security.passkeys.neverUsed')}
                </span>
              </div>
              <button
                type="button"
                className="link-button passkey-remove"
                onClick={() => setRemoving(p)}
                aria-label={t('ui.security.passkeys.removeLabel', { name: p.name })}
                data-testid="passkey-remove"
              >
                {t('ui.security.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!supported ? (
        <p className="caption passkey-unsupported" role="note" data-testid="passkey-unsupported">
          {t('ui.security.passkeys.unsupported')}
        </p>
      ) : full ? (
        <p className="caption" data-testid="passkey-full">
          {t('code.passkey.too_many', { max: MAX_PASSKEYS })}
        </p>
      ) : list.data ? (
        <AddPasskey onAdded={refresh} />
      ) : null}
      <RemoveSheet passkey={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
    </section>
  );
}
