/**
 * "Set alert" from the stock detail (docs/api.md §22.1): a bell in the header opens a sheet with the
 * kind (price above or below, day change up or down), the value (the current price prefilled for
 * the price kinds, a percentage for the change kinds), repeat, expiry and a note. What the server
 * would refuse — too many active alerts, the same alert again, a condition already true at the live
 * price — shows before the button, which stays disabled; a refusal that still comes (the price moved
 * meanwhile) shows in the sheet. Under the form: the stock's own active alerts.
 */
import { ALERT_NOTE_MAX, alertKinds, type AlertKind, type AlertRepeat } from '@brokerage/contract';
import { Button, Popup } from 'antd-mobile';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, toast } from '../../api/client';
import { useConfig, useIsLoggedIn } from '../../api/queries';
import { BellIcon, CloseIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { codeText, RuleList, type Rule } from '../../components/MoneyParts';
import { ErrorRetry, Loading } from '../../components/States';
import { SegmentedSwitch } from '../../components/TabStrip';
import { useAmountInput } from '../../components/useAmountInput';
import { formatChangeRate, formatDate, formatPrice, sanitiseAmountInput } from '../../lib/format';
import { useSession } from '../../store/session';
import { useActiveAlerts, useCreateAlert, type AlertData } from './alert-queries';
import {
  alertRules,
  expiresAtOf,
  expiryChoices,
  isPriceKind,
  maxActiveOf,
  PERCENT_DECIMALS,
  type AlertRuleKey,
  type ExpiryDays,
} from './alert-rules';
import { alertWhat, useConfirmCancel } from './AlertParts';
import './alerts.css';

/** What the sheet needs of the instrument: the live quote merged into `/market/quote`. */
export interface AlertQuote {
  instrumentId: string;
  code: string;
  name: string;
  price: string;
  changeRate: string;
  priceScale: number;
}

/** The text of a rule key: the server's own wording for its refusals. */
export function ruleText(
  t: (key: string, params?: Record<string, string>) => string,
  key: AlertRuleKey,
  quote: AlertQuote,
  maxActive: number,
): string {
  switch (key) {
    case 'too_many':
      return codeText('alert.too_many', { max: maxActive });
    case 'duplicate':
      return codeText('alert.duplicate');
    case 'already_met':
      return codeText('alert.already_met', { price: formatPrice(quote.price, quote.priceScale) });
    case 'priceDecimals':
      return t('ui.alerts.rule.priceDecimals', { n: String(quote.priceScale) });
    default:
      return t(`ui.alerts.rule.${key}`);
  }
}

/** Keys that only say the field is empty: no list item, the button is simply off. */
const quietRules: readonly AlertRuleKey[] = ['valueRequired', 'percentRequired', 'checking'];

function KindChoice({ value, onChange }: { value: AlertKind; onChange: (kind: AlertKind) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {t('ui.alerts.kindLabel')}
      </span>
      <div className="alert-kinds" role="radiogroup" aria-labelledby={labelId}>
        {alertKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={kind === value}
            className={kind === value ? 'alert-kind selected' : 'alert-kind'}
            onClick={() => onChange(kind)}
            data-testid={`alert-kind-${kind}`}
          >
            {t(`ui.alerts.kind.${kind}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

function StockAlerts({ quote, alerts }: { quote: AlertQuote; alerts: readonly AlertData[] }) {
  const { t } = useTranslation();
  const { confirmCancel, busyId } = useConfirmCancel();
  const own = alerts.filter((alert) => alert.instrumentId === quote.instrumentId);
  return (
    <section className="alert-own" aria-labelledby="alert-own-title" data-testid="alert-own">
      <h3 id="alert-own-title">{t('ui.alerts.existing', { code: quote.code })}</h3>
      {own.length === 0 ? (
        <p className="caption">{t('ui.alerts.noExisting', { code: quote.code })}</p>
      ) : (
        <ul className="alert-own-list">
          {own.map((alert) => {
            const what = alertWhat(t, alert);
            return (
              <li key={alert.id} data-testid={`alert-own-${alert.id}`}>
                <span className="alert-own-what">
                  {what}
                  <span className="caption">
                    {' · '}
                    {t(`ui.alerts.repeat.${alert.repeat}`)} ·{' '}
                    {t('ui.alerts.expiresOn', { date: formatDate(alert.expiresAt) })}
                  </span>
                </span>
                <Button
                  size="small"
                  fill="none"
                  color="danger"
                  className="alert-own-cancel"
                  loading={busyId === alert.id}
                  onClick={() => void confirmCancel(alert)}
                  aria-label={t('ui.alerts.cancelAria', { code: alert.code, what })}
                  data-testid={`alert-own-cancel-${alert.id}`}
                >
                  <CloseIcon />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/information/alerts" className="link-button" data-testid="alert-all">
        {t('ui.alerts.allAlerts')}
      </Link>
    </section>
  );
}

function AlertForm({ quote, onDone }: { quote: AlertQuote; onDone: () => void }) {
  const { t } = useTranslation();
  const rulesId = useId();
  const valueId = useId();
  const noteId = useId();
  const config = useConfig();
  const active = useActiveAlerts();
  const create = useCreateAlert();
  const [kind, setKind] = useState<AlertKind>('price_above');
  const [input, setInput] = useState(quote.price);
  const [repeat, setRepeat] = useState<AlertRepeat>('once');
  const [days, setDays] = useState<ExpiryDays>(30);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const maxActive = maxActiveOf(config.data);
  const priceKind = isPriceKind(kind);
  const valueField = useAmountInput(input, (typed) => {
    setRefusal(null);
    setInput(sanitiseAmountInput(typed, priceKind ? quote.priceScale : PERCENT_DECIMALS));
  });
  const { value, rules } = alertRules({
    instrumentId: quote.instrumentId,
    kind,
    repeat,
    input,
    priceScale: quote.priceScale,
    price: quote.price,
    changeRate: quote.changeRate,
    active: active.data?.list,
    maxActive,
  });
  const shown: Rule[] = rules
    .filter((key) => !quietRules.includes(key))
    .map((key) => ({ key, text: ruleText(t, key, quote, maxActive) }));
  if (refusal !== null) shown.push({ key: 'server', text: refusal });
  const blocked = rules.length > 0 || value === null;

  const changeKind = (next: AlertKind) => {
    setRefusal(null);
    if (isPriceKind(next) !== priceKind) setInput(isPriceKind(next) ? quote.price : '');
    setKind(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || value === null) return;
    setRefusal(null);
    try {
      await create.mutateAsync({
        instrumentId: quote.instrumentId,
        kind,
        value,
        repeat,
        expiresAt: expiresAtOf(days, Date.now()),
        note: note.trim(),
      });
      toast(codeText('result.alert.ok'));
      onDone();
    } catch (error) {
      setRefusal(error instanceof ApiError && error.code ? codeText(error.code, error.params) : t('ui.common.error'));
    }
  };

  if (active.isError) return <ErrorRetry onRetry={() => void active.refetch()} />;
  return (
    <>
      <form className="form alert-form" onSubmit={(e) => void submit(e)} noValidate data-testid="alert-form">
        <KindChoice value={kind} onChange={changeKind} />
        <div className="field">
          <label htmlFor={valueId}>{priceKind ? t('ui.alerts.priceLabel') : t('ui.alerts.percentLabel')}</label>
          <div className="control">
            <input
              id={valueId}
              autoComplete="off"
              {...valueField}
              placeholder={undefined}
              aria-describedby={rulesId}
              data-testid="alert-value"
            />
            {priceKind ? null : <span className="alert-unit">%</span>}
          </div>
          <span className="hint num alert-current" data-testid="alert-current">
            {t('ui.alerts.current', {
              price: formatPrice(quote.price, quote.priceScale),
              rate: formatChangeRate(quote.changeRate),
            })}
            {priceKind ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setRefusal(null);
                    setInput(quote.price);
                  }}
                  data-testid="alert-use-current"
                >
                  {t('ui.alerts.useCurrent')}
                </button>
              </>
            ) : null}
          </span>
        </div>
        <div className="field">
          <span className="field-label">{t('ui.alerts.repeatLabel')}</span>
          <SegmentedSwitch<AlertRepeat>
            label={t('ui.alerts.repeatLabel')}
            value={repeat}
            onChange={(next) => {
              setRefusal(null);
              setRepeat(next);
            }}
            testIdPrefix="alert-repeat-"
            options={(['once', 'daily'] as const).map((key) => ({ key, label: t(`ui.alerts.repeat.${key}`) }))}
          />
        </div>
        <div className="field">
          <span className="field-label">{t('ui.alerts.expiryLabel')}</span>
          <SegmentedSwitch<string>
            label={t('ui.alerts.expiryLabel')}
            value={String(days)}
            onChange={(next) => setDays(Number(next) as ExpiryDays)}
            testIdPrefix="alert-expiry-"
            options={expiryChoices.map((d) => ({ key: String(d), label: t(`ui.alerts.expiry.d${d}`) }))}
          />
          <span className="hint num" data-testid="alert-expires-on">
            {t('ui.alerts.expiresOn', { date: formatDate(expiresAtOf(days, Date.now())) })}
          </span>
        </div>
        <div className="field">
          <label htmlFor={noteId}>{t('ui.alerts.note')}</label>
          <div className="control">
            <input
              id={noteId}
              value={note}
              maxLength={ALERT_NOTE_MAX}
              placeholder={t('ui.alerts.notePlaceholder')}
              onChange={(e) => setNote(e.target.value.slice(0, ALERT_NOTE_MAX))}
              data-testid="alert-note"
            />
          </div>
          <span className="hint num">{t('ui.alerts.noteCount', { n: String(note.length) })}</span>
        </div>
        {active.isPending ? <p className="caption">{t('ui.alerts.rule.checking')}</p> : null}
        <RuleList rules={shown} id={rulesId} testIdPrefix="alert-rule-" />
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={blocked || create.isPending}
          loading={create.isPending}
          aria-describedby={rulesId}
          data-testid="alert-submit"
        >
          {t('ui.alerts.submit')}
        </Button>
      </form>
      {active.data ? <StockAlerts quote={quote} alerts={active.data.list} /> : <Loading rows={2} />}
    </>
  );
}

export function SetAlertSheet({
  quote,
  visible,
  onClose,
}: {
  quote: AlertQuote;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const titleId = useId();
  let body: ReactNode = null;
  if (visible) {
    body = (
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="alert-sheet">
        <header className="sheet-head">
          <h2 id={titleId}>{t('ui.alerts.sheetTitle', { code: quote.code })}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
            <CloseIcon />
          </button>
        </header>
        <div className="sheet-body">
          <p className="caption alert-sheet-name">{quote.name}</p>
          {loggedIn ? (
            <AlertForm key={quote.instrumentId} quote={quote} onDone={onClose} />
          ) : (
            <LoginPrompt message={t('ui.alerts.loginText')} />
          )}
        </div>
      </div>
    );
  }
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      {body}
    </Popup>
  );
}

/** The bell of the stock detail's header (44 px): says how many alerts the stock has, opens the sheet. */
export function AlertBell({ quote }: { quote: AlertQuote | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loggedIn = useSession((s) => s.tokend !== '');
  const active = useActiveAlerts(loggedIn);
  const count = quote ? (active.data?.list.filter((a) => a.instrumentId === quote.instrumentId).length ?? 0) : 0;
  if (!quote) return null;
  return (
    <>
      <button
        type="button"
        className={count > 0 ? 'icon-button alert-bell has-alerts' : 'icon-button alert-bell'}
        aria-label={count > 0 ? t('ui.alerts.bellCount', { n: String(count) }) : t('ui.alerts.bell')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="alert-bell"
      >
        <BellIcon fill={count > 0 ? 'currentColor' : 'none'} />
        {count > 0 ? (
          <span className="alert-bell-count num" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      <SetAlertSheet quote={quote} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
