import type { UploadResponse } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCardAdd, useWalletAdd } from './funds-queries';
import { useUserInfo } from '../../api/queries';
import { useBack } from '../../components/navigation';
import { TabStrip } from '../../components/TabStrip';
import {
  emptySecondFactor,
  SecondFactorField,
  secondFactorError,
  secondFactorProof,
  type SecondFactorInput,
} from '../../components/SecondFactorField';
import { TextField } from '../../components/TextField';
import { caretAfter, formatCardNumberInput } from '../../lib/format';
import { useFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { MoneyPage } from '../../components/MoneyParts';
import { ImageUpload } from './ImageUpload';

type Tab = 'card' | 'wallet';
type CardField = 'holder' | 'number' | 'bankName' | 'branch' | 'bankCode';
type WalletField = 'address' | 'qr';

/** Wallet types (docs/api.md §2 `walletType`, config `wallet.types` default) with the address format of each. */
export const walletTypes = ['USDT-TRC20', 'USDT-ERC20'] as const;
export type WalletType = (typeof walletTypes)[number];
export const walletAddressPatterns: Record<WalletType, RegExp> = {
  'USDT-TRC20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  'USDT-ERC20': /^0x[0-9a-fA-F]{40}$/,
};

/** The card number grouped by four while typing, with the caret kept where the user is typing. */
function CardNumberField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && ref.current && document.activeElement === ref.current) {
      ref.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [value]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const before = raw.slice(0, event.target.selectionStart ?? raw.length).replace(/[^0-9A-Za-z]/g, '').length;
    const formatted = formatCardNumberInput(raw);
    caret.current = caretAfter(formatted, before);
    onChange(formatted);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('ui.card.number')}</label>
      <div className={error ? 'control invalid' : 'control'}>
        <input
          ref={ref}
          id={id}
          className="num"
          value={value}
          onChange={change}
          inputMode="text"
          autoComplete="cc-number"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="0000 0000 0000 0000"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          data-testid="card-number"
        />
      </div>
      <span id={`${id}-hint`} className="hint">
        {t('ui.card.numberHint')}
      </span>
      {error ? (
        <span id={`${id}-error`} className="error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function CardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const add = useCardAdd();
  // two-step verification on: the code field shows with the form, before the user binds (§23.1)
  const totpOn = user.data?.totpEnabled === true;
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  // Spec §3: the holder is the verified real name; the server refuses any other (`card.holder_mismatch`).
  const [holder, setHolder] = useState(() => user.data?.realName ?? '');
  const [number, setNumber] = useState('');
  const [bankName, setBankName] = useState('');
  const [branch, setBranch] = useState('');
  const [bankCode, setBankCode] = useState('');
  const label: Record<CardField, string> = {
    holder: t('ui.card.holder'),
    number: t('ui.card.number'),
    bankName: t('ui.card.bankName'),
    branch: t('ui.card.branch'),
    bankCode: t('ui.card.bankCode'),
  };
  const compact = number.replace(/\s+/g, '');
  const values: Record<CardField, string> = {
    holder: holder.trim(),
    number: compact,
    bankName: bankName.trim(),
    branch: branch.trim(),
    bankCode: bankCode.trim(),
  };
  const current: FieldErrors<CardField> = {};
  for (const key of Object.keys(values) as CardField[]) {
    if (values[key] === '') current[key] = t('ui.validate.required', { field: label[key] });
  }
  if (!current.holder && (values.holder.length < 2 || values.holder.length > 60))
    current.holder = t('ui.card.lengthRule', { min: '2', max: '60' });
  if (!current.number && !/^[0-9A-Z]{8,34}$/.test(compact)) current.number = t('ui.card.numberRule');
  if (!current.bankName && (values.bankName.length < 2 || values.bankName.length > 60))
    current.bankName = t('ui.card.lengthRule', { min: '2', max: '60' });
  if (!current.branch && values.branch.length > 60) current.branch = t('ui.card.lengthRule', { min: '1', max: '60' });
  if (!current.bankCode && !/^[A-Za-z0-9]{1,20}$/.test(values.bankCode)) current.bankCode = t('ui.card.codeRule');
  const factorProblem = totpOn ? secondFactorError(factor, t) : null;
  const { errors, reveal } = useFieldErrors({ ...current, ...(factorProblem ? { factor: factorProblem } : {}) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reveal()) return;
    add.mutate(
      {
        holder: values.holder,
        cardNumber: compact,
        bankName: values.bankName,
        branch: values.branch,
        bankCode: values.bankCode,
        ...(totpOn ? secondFactorProof(factor) : {}),
      },
      { onSuccess: onDone, onError: () => setFactor((f) => ({ ...f, value: '' })) },
    );
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={t('ui.card.formTitle')}>
      <TextField
        label={label.holder}
        value={holder}
        onChange={setHolder}
        autoComplete="cc-name"
        hint={t('ui.card.holderHint')}
        error={errors.holder}
        testId="card-holder"
      />
      <CardNumberField value={number} onChange={setNumber} error={errors.number} />
      <TextField
        label={label.bankName}
        value={bankName}
        onChange={setBankName}
        error={errors.bankName}
        testId="card-bank"
      />
      <TextField label={label.branch} value={branch} onChange={setBranch} error={errors.branch} testId="card-branch" />
      <TextField
        label={label.bankCode}
        value={bankCode}
        onChange={setBankCode}
        autoCapitalize="characters"
        error={errors.bankCode}
        testId="card-code"
      />
      {totpOn ? (
        <SecondFactorField
          value={factor}
          onChange={setFactor}
          error={errors.factor}
          hint={t('ui.twoStep.fieldHint')}
          testId="card-second-factor"
        />
      ) : null}
      <div className="form-footer">
        <Button block color="primary" size="large" type="submit" loading={add.isPending} data-testid="card-submit">
          {t('ui.card.submit')}
        </Button>
      </div>
    </form>
  );
}

function WalletForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useWalletAdd();
  const totpOn = useUserInfo().data?.totpEnabled === true;
  const [factor, setFactor] = useState<SecondFactorInput>(emptySecondFactor);
  const typeId = useId();
  const [type, setType] = useState<WalletType>('USDT-TRC20');
  const [address, setAddress] = useState('');
  const [qr, setQr] = useState<UploadResponse | null>(null);
  const trimmed = address.trim();
  const current: FieldErrors<WalletField> = {};
  if (trimmed === '') current.address = t('ui.validate.required', { field: t('ui.wallet.address') });
  else if (!walletAddressPatterns[type].test(trimmed)) current.address = t(`ui.wallet.addressRule.${type}`);
  if (!qr) current.qr = t('ui.wallet.qrRequired');
  const factorProblem = totpOn ? secondFactorError(factor, t) : null;
  const { errors, reveal } = useFieldErrors({ ...current, ...(factorProblem ? { factor: factorProblem } : {}) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reveal() || !qr) return;
    add.mutate(
      { type, address: trimmed, qrImageId: qr.imageId, ...(totpOn ? secondFactorProof(factor) : {}) },
      { onSuccess: onDone, onError: () => setFactor((f) => ({ ...f, value: '' })) },
    );
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={t('ui.wallet.formTitle')}>
      <div className="field">
        <label htmlFor={typeId}>{t('ui.wallet.type')}</label>
        <div className="control select-control">
          <select
            id={typeId}
            value={type}
            onChange={(event) => setType(event.target.value as WalletType)}
            data-testid="wallet-type"
          >
            {walletTypes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        label={t('ui.wallet.address')}
        value={address}
        onChange={setAddress}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="num"
        hint={t(`ui.wallet.addressHint.${type}`)}
        error={errors.address}
        testId="wallet-address"
      />
      <ImageUpload
        purpose="wallet_qr"
        label={t('ui.wallet.qr')}
        testId="wallet-qr-input"
        value={qr}
        onChange={setQr}
        error={errors.qr}
      />
      {totpOn ? (
        <SecondFactorField
          value={factor}
          onChange={setFactor}
          error={errors.factor}
          hint={t('ui.twoStep.fieldHint')}
          testId="wallet-second-factor"
        />
      ) : null}
      <div className="form-footer">
        <Button block color="primary" size="large" type="submit" loading={add.isPending} data-testid="wallet-submit">
          {t('ui.wallet.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/information/addBankCard` (spec §2 account management): a bank card in the verified name,
 * or (second tab, `?tab=wallet`) a crypto wallet with its payment QR code (docs/api.md §11).
 */
export default function AddBankCardPage() {
  const { t } = useTranslation();
  const back = useBack();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'wallet' ? 'wallet' : 'card';
  return (
    <MoneyPage title={t('ui.page.addBankCard')}>
      <TabStrip<Tab>
        tabs={[
          { key: 'card', label: t('ui.card.tab') },
          { key: 'wallet', label: t('ui.wallet.tab') },
        ]}
        active={tab}
        onChange={(key) => setParams(key === 'wallet' ? { tab: 'wallet' } : {}, { replace: true })}
        label={t('ui.page.addBankCard')}
        testIdOf={(key) => `${key}-tab`}
      />
      {tab === 'card' ? <CardForm onDone={back} /> : <WalletForm onDone={back} />}
    </MoneyPage>
  );
}
