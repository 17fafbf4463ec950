import type { Currency } from '@brokerage/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useDepositChannels, type DepositChannelData } from './funds-queries';
import { useSummaryCurrency } from '../../api/queries';
import { CardIcon, ChevronIcon, WalletIcon } from '../../components/Icons';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { formatAmount, formatWeekdays, languageTags } from '../../lib/format';
import { formatWindow } from '../../api/messages';
import { useSession } from '../../store/session';
import { CurrencyChoice, MoneyPage } from '../../components/MoneyParts';

/** Currencies in the order the app lists them; any other currency a channel uses follows. */
export const currencyOrder: readonly Currency[] = ['MXN', 'USD', 'EUR', 'USDT'];

export function orderedCurrencies(found: Iterable<Currency>): Currency[] {
  const set = new Set(found);
  return [...currencyOrder.filter((c) => set.has(c)), ...[...set].filter((c) => !currencyOrder.includes(c)).sort()];
}

/** "Mon–Fri 09:30–24:00 (America/Mexico_City)": the window of a channel or of withdrawals. */
export function useWindowText() {
  const language = useSession((s) => s.language);
  return (window: { open: string; close: string }, days: readonly number[], timezone: string) => {
    const weekdays = formatWeekdays(days, languageTags[language]);
    return `${weekdays ? `${weekdays} ` : ''}${formatWindow(window.open, window.close)} (${timezone})`;
  };
}

/** Open now or not, as a tag. */
export function WindowTag({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={open ? 'tag state-approved' : 'tag state-closed'}>
      {open ? t('ui.funds.openNow') : t('ui.funds.closedNow')}
    </span>
  );
}

function ChannelRow({ channel }: { channel: DepositChannelData }) {
  const { t } = useTranslation();
  const windowText = useWindowText();
  const Icon = channel.type === 'crypto' ? WalletIcon : CardIcon;
  return (
    <li>
      <Link
        to={`/information/rechargeChannel?channelId=${encodeURIComponent(channel.channelId)}`}
        className="channel-row"
        data-testid={`recharge-channel-${channel.channelId}`}
      >
        <Icon className="entry-icon" />
        <span className="channel-text">
          <span className="channel-name">
            {channel.name} <WindowTag open={channel.inWindow} />
          </span>
          <span className="caption num">{windowText(channel.window, channel.days, channel.timezone)}</span>
          <span className="caption num">
            {t('ui.funds.limits', {
              min: formatAmount(channel.min, channel.currency),
              max: formatAmount(channel.max, channel.currency),
            })}
          </span>
        </span>
        <ChevronIcon className="chevron" />
      </Link>
    </li>
  );
}

/**
 * `/information/recharge` (spec §2 deposit): a currency, then the channels of that currency
 * from `/funds/depositChannels`, each with its window (open now or not, in the funds
 * timezone), minimum and maximum. A channel opens `/information/rechargeChannel`.
 */
function RechargeBody() {
  const { t } = useTranslation();
  const channels = useDepositChannels();
  const summary = useSummaryCurrency();
  const list = useMemo(() => channels.data?.list ?? [], [channels.data]);
  const available = useMemo(() => orderedCurrencies(list.map((c) => c.currency)), [list]);
  // a link may name the currency (`?currency=USDT` from an order form short of USDT)
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<Currency | null>(() => params.get('currency') as Currency | null);
  const currency =
    picked && available.includes(picked) ? picked : available.includes(summary) ? summary : (available[0] ?? summary);
  const shown = list.filter((c) => c.currency === currency);

  let body: ReactNode;
  if (channels.isPending)
    body = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  else if (channels.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void channels.refetch()} />
      </section>
    );
  else if (list.length === 0)
    body = (
      <section className="card">
        <Empty text={t('ui.recharge.noChannels')} />
      </section>
    );
  else
    body = (
      <>
        <section className="card">
          <h2 id="recharge-currency">{t('ui.funds.currency')}</h2>
          <CurrencyChoice
            options={available}
            value={currency}
            onChange={setPicked}
            label={t('ui.funds.currency')}
            testIdPrefix="recharge-currency-"
          />
        </section>
        <section className="card flush-card" aria-labelledby="recharge-channels">
          <h2 id="recharge-channels" className="card-title-pad">
            {t('ui.recharge.channels')}
          </h2>
          {shown.length === 0 ? (
            <Empty text={t('ui.recharge.noChannelsFor', { currency })} />
          ) : (
            <ul className="channel-list">
              {shown.map((channel) => (
                <ChannelRow key={channel.channelId} channel={channel} />
              ))}
            </ul>
          )}
        </section>
        <p className="caption section-note">{t('ui.recharge.note')}</p>
      </>
    );

  return body;
}

export default function RechargePage() {
  const { t } = useTranslation();
  // The channels load only once the gate lets the user through.
  return (
    <MoneyPage title={t('ui.page.recharge')}>
      <RechargeBody />
    </MoneyPage>
  );
}
