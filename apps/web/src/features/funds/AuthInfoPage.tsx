import type { UploadResponse } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKycStatus, useKycSubmit, type KycStatusData } from './funds-queries';
import { ErrorRetry, Loading } from '../../components/States';
import { TextField } from '../../components/TextField';
import { useFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { DetailRow, MoneyPage, timeText } from '../../components/MoneyParts';
import { ImageUpload } from './ImageUpload';
import {
  cleanIdText,
  ID_FIRST_LENGTH,
  ID_MIDDLE_MAX,
  isIdComplete,
  joinIdNumber,
  splitIdNumber,
  type IdParts,
} from './id-number';

type FieldKey = 'name' | 'id' | 'front' | 'back';

/** The current verification as a status card (pending: submitted time; rejected: the reason; verified: done). */
function StatusCard({ status }: { status: KycStatusData }) {
  const { t } = useTranslation();
  const state = status.kycStatus;
  const tone = state === 'verified' ? 'ok' : state === 'rejected' ? 'bad' : state === 'pending' ? 'wait' : 'none';
  return (
    <section
      className={`card status-card tone-${tone}`}
      data-testid="kyc-status"
      data-status={state}
      aria-labelledby="kyc-status-title"
    >
      <h2 id="kyc-status-title">{t(`ui.kyc.status.${state}`)}</h2>
      <p className="muted">{t(`ui.kyc.statusText.${state}`)}</p>
      {state !== 'none' ? (
        <dl className="detail-list">
          {status.name ? <DetailRow label={t('ui.kyc.name')}>{status.name}</DetailRow> : null}
          {status.idNumberMasked ? (
            <DetailRow label={t('ui.kyc.idNumber')}>
              <span className="num">{status.idNumberMasked}</span>
            </DetailRow>
          ) : null}
          <DetailRow label={t('ui.kyc.submittedAt')}>
            <span className="num">{timeText(status.submittedAt)}</span>
          </DetailRow>
          {state === 'verified' || state === 'rejected' ? (
            <DetailRow label={t('ui.kyc.reviewedAt')}>
              <span className="num">{timeText(status.reviewedAt)}</span>
            </DetailRow>
          ) : null}
          {state === 'rejected' && status.rejectReason ? (
            <DetailRow label={t('ui.kyc.rejectReason')}>
              <span data-testid="kyc-reject-reason">{status.rejectReason}</span>
            </DetailRow>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

/** The ID number in three boxes: the first 6 characters, the middle, the last 1 (spec §2). */
function IdNumberInput({
  parts,
  onChange,
  error,
}: {
  parts: IdParts;
  onChange: (parts: IdParts) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const middleRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const hintId = 'kyc-id-hint';
  const errorId = 'kyc-id-error';
  const onFirst = (raw: string) => {
    const clean = cleanIdText(raw);
    if (
      clean.length === ID_FIRST_LENGTH + 1 &&
      parts.first.length === ID_FIRST_LENGTH &&
      clean.startsWith(parts.first)
    ) {
      // One more character typed into a full first box belongs in the middle one.
      onChange({ ...parts, middle: `${clean.slice(ID_FIRST_LENGTH)}${parts.middle}`.slice(0, ID_MIDDLE_MAX) });
      middleRef.current?.focus();
      return;
    }
    if (clean.length > ID_FIRST_LENGTH) {
      // A whole number pasted into the first box spreads over the three.
      const split = splitIdNumber(clean);
      onChange(split);
      lastRef.current?.focus();
      return;
    }
    onChange({ ...parts, first: clean });
    if (clean.length === ID_FIRST_LENGTH && parts.first.length < ID_FIRST_LENGTH) middleRef.current?.focus();
  };
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <fieldset className="field id-number" aria-describedby={describedBy}>
      <legend>{t('ui.kyc.idNumber')}</legend>
      <div className={error ? 'id-boxes invalid' : 'id-boxes'}>
        <input
          className="id-first num"
          value={parts.first}
          onChange={(event) => onFirst(event.target.value)}
          aria-label={t('ui.kyc.idFirst')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="······"
          data-testid="kyc-id-first"
        />
        <input
          ref={middleRef}
          className="id-middle num"
          value={parts.middle}
          onChange={(event) => onChange({ ...parts, middle: cleanIdText(event.target.value).slice(0, ID_MIDDLE_MAX) })}
          aria-label={t('ui.kyc.idMiddle')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="kyc-id-middle"
        />
        <input
          ref={lastRef}
          className="id-last num"
          value={parts.last}
          onChange={(event) => onChange({ ...parts, last: cleanIdText(event.target.value).slice(-1) })}
          aria-label={t('ui.kyc.idLast')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="·"
          data-testid="kyc-id-last"
        />
      </div>
      <span id={hintId} className="hint">
        {t('ui.kyc.idHint')}
      </span>
      {error ? (
        <span id={errorId} className="error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function KycForm() {
  const { t } = useTranslation();
  const submit = useKycSubmit();
  const [name, setName] = useState('');
  const [id, setId] = useState<IdParts>({ first: '', middle: '', last: '' });
  const [front, setFront] = useState<UploadResponse | null>(null);
  const [back, setBack] = useState<UploadResponse | null>(null);
  const [frontBusy, setFrontBusy] = useState(false);
  const [backBusy, setBackBusy] = useState(false);
  const trimmed = name.trim();
  const current: FieldErrors<FieldKey> = {};
  if (trimmed === '') current.name = t('ui.validate.required', { field: t('ui.kyc.name') });
  else if (trimmed.length < 2 || trimmed.length > 60) current.name = t('ui.kyc.nameRule');
  if (joinIdNumber(id) === '') current.id = t('ui.validate.required', { field: t('ui.kyc.idNumber') });
  else if (!isIdComplete(id)) current.id = t('ui.kyc.idRule');
  if (!front) current.front = t('ui.kyc.photoRequired', { side: t('ui.kyc.front') });
  if (!back) current.back = t('ui.kyc.photoRequired', { side: t('ui.kyc.back') });
  const { errors, reveal } = useFieldErrors(current);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reveal() || !front || !back) return;
    submit.mutate({
      name: trimmed,
      idNumber: joinIdNumber(id),
      frontImageId: front.imageId,
      backImageId: back.imageId,
    });
  };

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title">{t('ui.kyc.formTitle')}</h2>
      <TextField
        label={t('ui.kyc.name')}
        value={name}
        onChange={setName}
        autoComplete="name"
        placeholder={t('ui.kyc.namePlaceholder')}
        error={errors.name}
        testId="kyc-name"
      />
      <IdNumberInput parts={id} onChange={setId} error={errors.id} />
      <div className="upload-pair">
        <ImageUpload
          purpose="kyc_front"
          label={t('ui.kyc.front')}
          testId="kyc-front-input"
          camera
          value={front}
          onChange={setFront}
          error={errors.front}
          onBusyChange={setFrontBusy}
        />
        <ImageUpload
          purpose="kyc_back"
          label={t('ui.kyc.back')}
          testId="kyc-back-input"
          camera
          value={back}
          onChange={setBack}
          error={errors.back}
          onBusyChange={setBackBusy}
        />
      </div>
      <p className="caption">{t('ui.kyc.photoHint')}</p>
      <div className="form-footer">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={submit.isPending}
          disabled={frontBusy || backBusy}
          data-testid="kyc-submit"
        >
          {t('ui.kyc.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/information/authInfo` (spec §2 real-name screen, docs/api.md §7.9–§7.10): the current state
 * from `/user/kycStatus`; the form while there is none or after a rejection; a status card
 * without the form while pending or once verified.
 */
export default function AuthInfoPage() {
  const { t } = useTranslation();
  const status = useKycStatus();
  let body: ReactNode;
  if (status.isPending)
    body = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  else if (status.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void status.refetch()} />
      </section>
    );
  else {
    const state = status.data.kycStatus;
    body = (
      <>
        <StatusCard status={status.data} />
        {state === 'none' || state === 'rejected' ? <KycForm /> : null}
      </>
    );
  }
  return (
    <MoneyPage title={t('ui.page.authInfo')} requireKyc={false} loginText={t('ui.kyc.loginText')}>
      {body}
    </MoneyPage>
  );
}
