/**
 * Pieces every money screen shares (docs/ui.md "Money screens", "Status", "Feedback"): the frame
 * with the login prompt and the real-name gate, the amount field, the list of rules that
 * would stop the user, state tags, the vertical timeline, the blocking loader and the
 * submission with a kept `requestId`.
 */
import type { KycStatus, ReviewState } from '@brokerage/contract';
import { Button, Mask, SpinLoading } from 'antd-mobile';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isFinalAnswer, toast, translator } from '../api/client';
import { failureMessage } from '../api/messages';
import { useIsLoggedIn, useUserInfo } from '../api/queries';
import { CopyIcon, IdIcon } from './Icons';
import { LoginPrompt } from './LoginPrompt';
import { ErrorRetry, Loading } from './States';
import { SubPage } from './SubPage';
import { useAmountInput } from './useAmountInput';
import { copyText } from '../lib/clipboard';
import { formatDate } from '../lib/format';
import { RequestIdKeeper } from '../lib/request-id';

/** docs/ui.md: a blocking loader only for the logout second and money submissions. */
export function BlockingLoader({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <Mask visible={visible} opacity="thin" disableBodyScroll destroyOnClose>
      <div className="blocking-loader" role="status" aria-live="assertive" data-testid="blocking-loader">
        <SpinLoading color="white" />
        <span>{t('ui.funds.submitting')}</span>
      </div>
    </Mask>
  );
}

/**
 * Sends a money-moving call with a `requestId` (docs/api.md §1.6). The id is kept until a final
 * answer, so pressing again after a network error or a timeout resends the same id and the
 * server answers the first result instead of moving money twice. A second press while the
 * first is under way is ignored.
 */
export function useMoneySubmit<B extends object, R>(send: (body: B, requestId: string) => Promise<R>) {
  const [ids] = useState(() => new RequestIdKeeper());
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    async (body: B): Promise<R | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      const requestId = ids.idFor(body);
      setBusy(true);
      try {
        const result = await send(body, requestId);
        ids.settle();
        return result;
      } catch (error) {
        if (isFinalAnswer(error)) ids.settle();
        throw error;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [send, ids],
  );
  return { submit, busy, loader: <BlockingLoader visible={busy} /> };
}

/** Review states as coloured tags (docs/ui.md "Status"). */
export function StateTag({ state, testId }: { state: ReviewState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag state-${state}`} data-testid={testId}>
      {t(`ui.reviewState.${state}`)}
    </span>
  );
}

export interface TimelineStep {
  step: string;
  label: string;
  at: string | null;
  reason?: string | null;
  done: boolean;
  tone?: 'ok' | 'bad';
}

/** A vertical timeline with time and reason per step (docs/ui.md "Status"). */
export function Timeline({ steps, label }: { steps: readonly TimelineStep[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ol className="timeline" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.step}
          className={`timeline-step${step.done ? ' done' : ''}${step.tone === 'bad' ? ' bad' : ''}`}
          data-testid={`timeline-step-${step.step}`}
          data-done={step.done}
        >
          <span className="timeline-dot" aria-hidden="true" />
          <div className="timeline-text">
            <span className="timeline-label">
              {step.label}
              <span className="sr-only">, {step.done ? t('ui.timeline.done') : t('ui.timeline.waiting')}</span>
            </span>
            {step.at && step.done ? <span className="caption num">{formatDate(step.at)}</span> : null}
            {step.reason ? (
              <span className="timeline-reason">{t('ui.funds.reason', { reason: step.reason })}</span>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export interface Rule {
  key: string;
  text: string;
}

/** The rules that stop the user right now, shown before they press (docs/ui.md "Money screens"). */
export function RuleList({ rules, id, testIdPrefix }: { rules: readonly Rule[]; id: string; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} aria-live="polite">
      {rules.length > 0 ? (
        <ul className="rule-list" aria-label={t('ui.funds.blockedBy')}>
          {rules.map((rule) => (
            <li key={rule.key} data-testid={`${testIdPrefix}${rule.key}`}>
              {rule.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface AmountFieldProps {
  label: string;
  /** The cleaned amount with a point ("12.5"); shown in the reader's decimal mark ("12,5" in German). */
  value: string;
  /** What was typed, either mark ("12,5", "12.5", a pasted "1.234,5"): the caller cleans it. */
  onChange: (value: string) => void;
  currency: string;
  testId: string;
  /** A button beside the amount ("all", "max"). */
  action?: ReactNode;
  /** Limits, window and fee in small text under the amount. */
  children?: ReactNode;
  error?: string | null;
  describedBy?: string;
}

/** The amount, the largest element of a money screen, with its limits under it (docs/ui.md). */
export function AmountField({
  label,
  value,
  onChange,
  currency,
  testId,
  action,
  children,
  error,
  describedBy,
}: AmountFieldProps) {
  const id = useId();
  const notesId = `${id}-notes`;
  const errorId = `${id}-error`;
  const described =
    [children ? notesId : null, error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  const amountInput = useAmountInput(value, onChange);
  return (
    <div className="amount-field">
      <label htmlFor={id}>{label}</label>
      <div className={error ? 'amount-control invalid' : 'amount-control'}>
        <input
          id={id}
          className="amount-input num"
          autoComplete="off"
          {...amountInput}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          data-testid={testId}
        />
        <span className="amount-currency">{currency}</span>
        {action}
      </div>
      {children ? (
        <div id={notesId} className="amount-notes">
          {children}
        </div>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A small pill-shaped choice of currencies (radio group). */
export function CurrencyChoice<C extends string>({
  options,
  value,
  onChange,
  label,
  testIdPrefix,
}: {
  options: readonly C[];
  value: C;
  onChange: (value: C) => void;
  label: string;
  testIdPrefix: string;
}) {
  return (
    <div className="chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          className="chip"
          aria-checked={option === value}
          onClick={() => onChange(option)}
          data-testid={`${testIdPrefix}${option}`}
        >
          {option}
        </button>
      ))}
    </div>
  );
}

/** The card shown instead of a money form until the real name is verified (spec §5). */
export function KycGateCard({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card gate-card" data-testid="kyc-gate" data-kyc-status={status}>
      <IdIcon className="gate-icon" />
      <h2>{t(`ui.kycGate.title.${status}`)}</h2>
      <p className="muted">{t(`ui.kycGate.text.${status}`)}</p>
      <Button color="primary" block onClick={() => navigate('/information/authInfo')} data-testid="kyc-gate-link">
        {t(`ui.kycGate.action.${status}`)}
      </Button>
    </section>
  );
}

interface MoneyPageProps {
  title: string;
  children: ReactNode;
  right?: ReactNode;
  /** Deposit, withdrawal, exchange and binding a card need a verified real name (spec §5). */
  requireKyc?: boolean;
  /** What logging in is for on this screen. */
  loginText?: string;
}

/**
 * A money sub-page: asks for a login without a session (routes have no guard), waits for the
 * user info, and shows the real-name gate instead of the form until the name is verified.
 */
export function MoneyPage({ title, children, right, requireKyc = true, loginText }: MoneyPageProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  let body: ReactNode;
  if (!loggedIn) body = <LoginPrompt message={loginText ?? t('ui.funds.loginText')} />;
  else if (!requireKyc) body = children;
  else if (user.isPending)
    body = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  else if (user.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void user.refetch()} />
      </section>
    );
  else if (user.data.kycStatus !== 'verified') body = <KycGateCard status={user.data.kycStatus} />;
  else body = children;
  return (
    <SubPage title={title} right={loggedIn ? right : undefined}>
      {body}
    </SubPage>
  );
}

/** A label/value line of a details card; `copy` adds a copy button (see `CopyButton`). */
export function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="detail-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The order number and time of a money call's record: the last rows of every result card. */
export function OrderNoAndTimeRows({ orderNo, createdAt }: { orderNo: string; createdAt: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DetailRow label={t('ui.records.orderNo')}>
        <span className="num">{orderNo}</span>
      </DetailRow>
      <DetailRow label={t('ui.records.time')}>
        <span className="num">{timeText(createdAt)}</span>
      </DetailRow>
    </>
  );
}

/** A date and time in the language's conventions, or "--" when missing. */
export function timeText(iso: string | null | undefined): string {
  return formatDate(iso) || '--';
}

/** A server code in the user's language with its params formatted (the rules of `/funds/withdrawInfo`, deposit limits). */
export function codeText(code: string, params: Record<string, unknown> = {}): string {
  return failureMessage(translator, { code, params });
}

/** Copies one value of the deposit details; `field` names it in the `data-testid` (`copy-<field>`). */
export function CopyButton({ value, field, label }: { value: string; field: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="copy-button"
      onClick={() => {
        void copyText(value).then((ok) => toast(ok ? t('ui.funds.copied', { label }) : t('ui.funds.copyFailed')));
      }}
      aria-label={t('ui.funds.copyAria', { label })}
      data-testid={`copy-${field}`}
    >
      <CopyIcon />
      <span>{t('ui.funds.copy')}</span>
    </button>
  );
}
