import { languages, type Currency, type Language, type StatementFormat } from '@brokerage/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useIsLoggedIn, useSummaryCurrency } from '../../api/queries';
import { DownloadIcon } from '../../components/Icons';
import { CurrencyChoice, MoneyPage } from '../../components/MoneyParts';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { languageTags } from '../../lib/format';
import { currencyOrder } from './RechargePage';
import './statements.css';

/** "März 2026" for `2026-03` in the app's language. */
export function monthLabel(month: string, language: Language): string {
  return new Intl.DateTimeFormat(languageTags[language], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** Opens a signed download link (the server answers it as an attachment, so the app stays where it is). */
export function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
}

function appLanguage(value: string): Language {
  return (languages as readonly string[]).includes(value) ? (value as Language) : 'en';
}

/**
 * Monthly statements (docs/api.md §10.8): the months since the account's first entry in the
 * chosen currency, each as CSV or PDF (in the app's language) through a signed link valid
 * 15 minutes, asked for at the tap.
 */
export default function StatementsPage() {
  const { t, i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const summary = useSummaryCurrency();
  const [currency, setCurrency] = useState<Currency>(currencyOrder.includes(summary) ? summary : 'MXN');
  const [busy, setBusy] = useState<string | null>(null);
  const language = appLanguage(i18n.language);
  const months = useQuery({
    queryKey: ['statementMonths', currency],
    queryFn: () => call('statementMonths', { currency }),
    enabled: loggedIn,
  });

  const download = async (month: string, format: StatementFormat) => {
    if (busy) return;
    setBusy(`${month}-${format}`);
    try {
      const link = await call('statement', { currency, month, format, lang: language });
      openDownload(link.url);
    } catch {
      // The client showed the reason.
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (months.isPending) body = <Loading rows={4} />;
  else if (months.isError) body = <ErrorRetry onRetry={() => void months.refetch()} />;
  else if (months.data.months.length === 0) body = <Empty text={t('ui.statements.empty')} />;
  else
    body = (
      <ul className="statement-months" data-testid="statement-months">
        {months.data.months.map((month, index) => {
          const label = monthLabel(month, language);
          return (
            <li key={month} className="statement-month" data-testid={`statement-month-${month}`}>
              <span className="statement-month-label">
                <span className="record-title">{label}</span>
                {index === 0 ? <span className="caption">{t('ui.statements.toDate')}</span> : null}
              </span>
              <span className="statement-month-actions">
                {(['csv', 'pdf'] as const).map((format) => (
                  <Button
                    key={format}
                    size="small"
                    color="primary"
                    fill={format === 'pdf' ? 'solid' : 'outline'}
                    loading={busy === `${month}-${format}`}
                    disabled={busy !== null && busy !== `${month}-${format}`}
                    onClick={() => void download(month, format)}
                    aria-label={t(format === 'csv' ? 'ui.statements.downloadCsv' : 'ui.statements.downloadPdf', {
                      month: label,
                    })}
                    data-testid={`statement-${format}-${month}`}
                  >
                    <DownloadIcon className="button-icon" /> {t(`ui.statements.${format}`)}
                  </Button>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <MoneyPage title={t('ui.statements.title')} requireKyc={false}>
      <div className="statements-page">
        <CurrencyChoice<Currency>
          options={currencyOrder}
          value={currency}
          onChange={setCurrency}
          label={t('ui.funds.currency')}
          testIdPrefix="statements-currency-"
        />
        <p className="caption">{t('ui.statements.intro', { currency })}</p>
        <section className="card">{body}</section>
      </div>
    </MoneyPage>
  );
}
