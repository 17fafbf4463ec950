import type { UploadPurpose, UploadResponse } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { checkImage, uploadImage, type UploadTask } from '../../api/upload';

type Phase = 'idle' | 'uploading' | 'done' | 'failed';

interface ImageUploadProps {
  purpose: UploadPurpose;
  label: string;
  /** `data-testid` of the file input. */
  testId: string;
  /** Open the phone's back camera directly (ID photos); proofs and QR codes are usually screenshots, so they leave it off. */
  camera?: boolean;
  value: UploadResponse | null;
  onChange: (value: UploadResponse | null) => void;
  /** A form error (such as "required") shown under the tile. */
  error?: string | null;
  /** Told when an upload starts and ends, so the form can hold its submit button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * One photo: picked (or taken with the camera), checked on the phone (≤ 5 MB, JPEG/PNG/WebP),
 * uploaded at once with a progress bar, shown as a thumbnail, and retried after a failure.
 * The form receives the server's `imageId` through `onChange`.
 */
export function ImageUpload({
  purpose,
  label,
  testId,
  camera = false,
  value,
  onChange,
  error,
  onBusyChange,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const statusId = `${inputId}-status`;
  const [phase, setPhase] = useState<Phase>(value ? 'done' : 'idle');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [canRetry, setCanRetry] = useState(false);
  const fileRef = useRef<File | null>(null);
  const taskRef = useRef<UploadTask | null>(null);

  // The thumbnail's object URL lives as long as it is shown.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // Leaving the screen stops an upload in flight.
  useEffect(() => () => taskRef.current?.abort(), []);
  useEffect(() => {
    onBusyChange?.(phase === 'uploading');
  }, [phase, onBusyChange]);

  const start = (file: File) => {
    taskRef.current?.abort();
    setPhase('uploading');
    setProgress(0);
    setProblem(null);
    setCanRetry(false);
    onChange(null);
    const task = uploadImage(file, purpose, setProgress);
    taskRef.current = task;
    task.promise.then(
      (response) => {
        if (taskRef.current !== task) return;
        setProgress(1);
        setPhase('done');
        onChange(response);
      },
      (failure: unknown) => {
        if (taskRef.current !== task) return;
        if (failure instanceof ApiError && failure.params.aborted === true) return;
        setPhase('failed');
        setCanRetry(true);
        setProblem(failure instanceof ApiError ? failure.message : t('ui.upload.failed'));
      },
    );
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const reason = checkImage(file);
    if (reason) {
      taskRef.current?.abort();
      taskRef.current = null;
      fileRef.current = null;
      setPhase('failed');
      setCanRetry(false);
      setProblem(t(reason === 'too_large' ? 'ui.upload.tooLarge' : 'ui.upload.wrongType'));
      setPreview(null);
      onChange(null);
      return;
    }
    fileRef.current = file;
    setPreview(objectUrl(file));
    start(file);
  };

  const percent = Math.round(progress * 100);
  const shownError = problem ?? error ?? null;
  return (
    <div className={`upload${phase === 'failed' || error ? ' invalid' : ''}`} data-phase={phase}>
      <span className="upload-label" id={`${inputId}-label`}>
        {label}
      </span>
      <label htmlFor={inputId} className="upload-tile">
        {preview || value?.url ? (
          <img className="upload-preview" src={preview ?? value?.url} alt={t('ui.upload.previewOf', { label })} />
        ) : (
          <span className="upload-placeholder" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 8h3l2-3h6l2 3h3v11H4Z" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
          </span>
        )}
        <span className="upload-action">
          {phase === 'done' ? t('ui.upload.replace') : camera ? t('ui.upload.takePhoto') : t('ui.upload.choose')}
        </span>
        <input
          id={inputId}
          className="sr-only"
          type="file"
          accept="image/*"
          capture={camera ? 'environment' : undefined}
          onChange={pick}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={statusId}
          aria-invalid={shownError ? true : undefined}
          data-testid={testId}
        />
      </label>
      <div id={statusId} className="upload-status" aria-live="polite">
        {phase === 'uploading' ? (
          <>
            <div
              className="upload-progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t('ui.upload.progress', { label })}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <span className="caption num">{t('ui.upload.uploading', { percent: String(percent) })}</span>
          </>
        ) : null}
        {phase === 'done' ? <span className="caption upload-ok">{t('ui.upload.done')}</span> : null}
        {shownError ? (
          <span className="field-error" role="alert">
            {shownError}
          </span>
        ) : null}
        {phase === 'failed' && canRetry ? (
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => {
              if (fileRef.current) start(fileRef.current);
            }}
            data-testid={`${testId}-retry`}
          >
            {t('ui.common.retry')}
          </Button>
        ) : null}
        {phase === 'idle' && !shownError ? <span className="caption">{t('ui.upload.limits')}</span> : null}
      </div>
    </div>
  );
}
