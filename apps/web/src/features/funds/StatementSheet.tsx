import { isCurrency, type Currency } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import dayjs from 'dayjs';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadStatementCsv, fetchStatement, type StatementData, type StatementRequest } from './funds-queries';
import { BottomSheet } from '../../components/BottomSheet';
import { DownloadIcon } from '../../components/Icons';
import { saveBlob } from '../../lib/download';
import { formatAmount, formatDate, formatDay, formatSignedAmount } from '../../lib/format';
import { currencyOrder } from './RechargePage';

/** The first day of this month to today, in local dates (`YYYY-MM-DD`). */
export function defaultStatementRange(now: Date = new Date()): { from: string; to: string } {
  const today = dayjs(now);
  return { from: today.startOf('month').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

function StatementView({ statement }: { statement: StatementData }) {
  const { t } = useTranslation();
  const c = statement.currency;
  return (
    <section className="statement" data-testid="statement-view" aria-labelledby="statement-view-title">
      <h3 id="statement-view-title">
        {t('ui.statement.period', { from: formatDay(statement.from), to: formatDay(statement.to), currency: c })}
      </h3>
      <p className="caption">{t('ui.statement.timezone', { timezone: statement.timezone })}</p>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>{t('ui.statement.opening')}</dt>
          <dd className="num" data-testid="statement-opening">
            {formatAmount(statement.opening.available, c)}
            {/[1-9]/.test(statement.opening.frozen) ? (
              <span className="caption">
                {' '}
                · {t('ui.statement.frozen', { amount: formatAmount(statement.opening.frozen, c) })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {statement.lines.length === 0 ? (
        <p className="muted">{t('ui.statement.noLines')}</p>
      ) : (
        <ul className="statement-lines">
          {statement.lines.map((line) => (
            <li key={`${line.entryId}-${line.at}`}>
              <span className="record-main">
                <span className="record-title">{t(`ui.ledgerKind.${line.kind}`, { defaultValue: line.kind })}</span>
                <span className="caption num">{formatDate(line.at)}</span>
                {line.remark ? <span className="caption">{line.remark}</span> : null}
              </span>
              <span className="record-side">
                <span
                  className={`record-amount num ${line.availableChange.startsWith('-') ? 'down' : /[1-9]/.test(line.availableChange) ? 'up' : ''}`}
                >
                  {formatSignedAmount(line.availableChange, c)}
                </span>
                <span className="caption num">
                  {t('ui.records.balanceAfter', { amount: formatAmount(line.availableAfter, c) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="detail-list">
        <div className="detail-row">
          <dt>{t('ui.statement.closing')}</dt>
          <dd className="num strong" data-testid="statement-closing">
            {formatAmount(statement.closing.available, c)}
            {/[1-9]/.test(statement.closing.frozen) ? (
              <span className="caption">
                {' '}
                · {t('ui.statement.frozen', { amount: formatAmount(statement.closing.frozen, c) })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The account statement (our addition, docs/decisions.md): a date range and a currency, then
 * either the CSV file (`/funds/statement` with `format: 'csv'`, saved through a Blob link) or
 * the statement shown here (opening balance, lines, closing balance).
 */
export function StatementSheet({
  open,
  onClose,
  defaultCurrency,
}: {
  open: boolean;
  onClose: () => void;
  defaultCurrency: Currency;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState(() => defaultStatementRange());
  const [currency, setCurrency] = useState<Currency>(defaultCurrency);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [statement, setStatement] = useState<StatementData | null>(null);

  const request = (): StatementRequest | null => {
    if (!range.from || !range.to) {
      setError(t('ui.statement.rangeRequired'));
      return null;
    }
    if (range.from > range.to) {
      setError(t('ui.statement.rangeOrder'));
      return null;
    }
    setError(null);
    return { currency, from: range.from, to: range.to };
  };

  const download = async () => {
    const body = request();
    if (!body || busy) return;
    setBusy('csv');
    try {
      const file = await downloadStatementCsv(body);
      saveBlob(file.blob, file.filename);
    } catch {
      // The client showed the reason.
    } finally {
      setBusy(null);
    }
  };

  const view = async (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (!body || busy) return;
    setBusy('json');
    try {
      setStatement(await fetchStatement(body));
    } catch {
      setStatement(null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('ui.statement.title')} testId="statement-sheet">
      <form className="form" onSubmit={(event) => void view(event)} noValidate>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-from`}>{t('ui.statement.from')}</label>
            <div className="control">
              <input
                id={`${id}-from`}
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
                data-testid="statement-from"
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t('ui.statement.to')}</label>
            <div className="control">
              <input
                id={`${id}-to`}
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
                data-testid="statement-to"
              />
            </div>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>{t('ui.funds.currency')}</label>
          <div className="control select-control">
            <select
              id={`${id}-currency`}
              value={currency}
              onChange={(e) => {
                if (isCurrency(e.target.value)) setCurrency(e.target.value);
              }}
              data-testid="statement-currency"
            >
              {currencyOrder.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="button-row">
          <Button color="primary" onClick={() => void download()} loading={busy === 'csv'} data-testid="statement-csv">
            <DownloadIcon className="button-icon" /> {t('ui.statement.csv')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            type="submit"
            loading={busy === 'json'}
            data-testid="statement-view-button"
          >
            {t('ui.statement.view')}
          </Button>
        </div>
      </form>
      {statement ? <StatementView statement={statement} /> : null}
    </BottomSheet>
  );
}
