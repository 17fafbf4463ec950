/**
 * Pieces the new-share screens share (docs/api.md §12): the phase and state tags, the offering card of
 * the lists (name, code, market, issue vs market price, window with its phase, listing date,
 * minimum shares, payment mode) and the list itself with pull-to-refresh, skeletons, empty and
 * error states. The market's subscription tab and the home IPO tab reuse the list.
 */
import type { SubscriptionState } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { direction, formatDateMinutes, formatDay, formatPrice } from '../../lib/format';
import { NextPages, PullRefresh } from '../../components/Lists';
import { flattenById } from '../../api/pages';
import { useNewShareList, type NewShareData, type NewShareKind, type NewShareSummaryData } from './newshare-queries';
import { formatShares } from './newshare-rules';
import './newshare.css';

type Phase = NewShareSummaryData['phase'];

const phaseClass: Record<Phase, string> = {
  upcoming: 'state-pending',
  open: 'state-approved',
  closed: 'state-closed',
  drawn: 'order-state-holding',
  listed: 'state-closed',
};

export function PhaseTag({ phase, testId }: { phase: Phase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${phaseClass[phase]}`} data-testid={testId}>
      {t(`ui.newShare.phase.${phase}`)}
    </span>
  );
}

/** Waiting (amber), good (green), over without shares (grey), a problem (red). */
const stateClass: Record<SubscriptionState, string> = {
  applied: 'state-pending',
  pending_draw: 'state-pending',
  won: 'order-state-holding',
  lost: 'state-closed',
  awaiting_payment: 'state-pending',
  paid: 'state-approved',
  waived: 'state-closed',
  payment_failed: 'state-rejected',
  listed: 'state-approved',
};

export function SubscriptionStateTag({ state, testId }: { state: SubscriptionState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${stateClass[state]}`} data-testid={testId}>
      {t(`ui.subscriptionState.${state}`)}
    </span>
  );
}

/** A calendar date of the contract (`2025-03-25`) in the language's conventions ("25.03.2025" in German). */
export function dayText(date: string | null | undefined): string {
  return formatDay(date);
}

/** The issue price against the market price, with the premium in the up/down colours. */
export function PriceCompare({
  offering,
  spread,
}: {
  offering: Pick<NewShareSummaryData, 'id' | 'issuePrice' | 'marketPrice' | 'phase' | 'listingDate'>;
  spread?: string | null;
}) {
  const { t } = useTranslation();
  // "--" alone says nothing: before the listing day there is no market to price the share
  const why =
    offering.marketPrice === null
      ? offering.phase === 'listed'
        ? t('ui.newShare.noMarketPrice')
        : t('ui.newShare.notListed', { date: dayText(offering.listingDate) })
      : null;
  return (
    <>
      <dl className="ns-prices">
        <div>
          <dt>{t('ui.newShare.issuePrice')}</dt>
          <dd className="num ns-issue" data-testid={`ns-issue-${offering.id}`}>
            {formatPrice(offering.issuePrice)}
          </dd>
        </div>
        <div>
          <dt>{t('ui.newShare.marketPrice')}</dt>
          <dd className="num" data-testid={`ns-market-${offering.id}`}>
            {offering.marketPrice === null ? '--' : formatPrice(offering.marketPrice)}
          </dd>
        </div>
        {spread !== undefined ? (
          <div>
            <dt>{t('ui.newShare.premiumSpread')}</dt>
            <dd className={`num ${spread === null ? '' : direction(spread)}`} data-testid={`ns-spread-${offering.id}`}>
              {spread === null ? '--' : `${direction(spread) === 'up' ? '+' : ''}${formatPrice(spread)}`}
            </dd>
          </div>
        ) : null}
      </dl>
      {why ? (
        <p className="caption ns-price-note" data-testid={`ns-price-note-${offering.id}`}>
          {why}
        </p>
      ) : null}
    </>
  );
}

export function NewShareCard({ offering }: { offering: NewShareSummaryData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `ns-title-${offering.id}`;
  return (
    <article className="card ns-card" aria-labelledby={titleId} data-testid={`ns-card-${offering.id}`}>
      <header className="ns-card-head">
        <div className="ns-name">
          <h2 id={titleId}>{offering.name}</h2>
          <span className="caption">
            {offering.code} <span className="tag">{t(`ui.market.${offering.market}`)}</span>
          </span>
        </div>
        <PhaseTag phase={offering.phase} testId={`ns-phase-${offering.id}`} />
      </header>
      <PriceCompare offering={offering} />
      <dl className="ns-figures">
        <div>
          <dt>{t('ui.newShare.window')}</dt>
          <dd className="num" data-testid={`ns-window-${offering.id}`}>
            {formatDateMinutes(offering.applyStart)} – {formatDateMinutes(offering.applyEnd)}
          </dd>
        </div>
        <div>
          <dt>{t('ui.newShare.listingDate')}</dt>
          <dd className="num">{dayText(offering.listingDate)}</dd>
        </div>
        <div>
          <dt>{t('ui.newShare.minShares')}</dt>
          <dd className="num" data-testid={`ns-min-${offering.id}`}>
            {t('ui.newShare.sharesCount', { count: offering.minShares, shares: formatShares(offering.minShares) })}
          </dd>
        </div>
        <div>
          <dt>{t('ui.newShare.paymentMode')}</dt>
          <dd>{t(`ui.newShare.payment.${offering.paymentMode}`)}</dd>
        </div>
      </dl>
      {!offering.channelOpen ? (
        <p className="caption ns-note" data-testid={`ns-channel-${offering.id}`}>
          {t('ui.newShare.channelClosed')}
        </p>
      ) : null}
      <Button
        block
        color={offering.phase === 'open' && offering.channelOpen ? 'primary' : 'default'}
        onClick={() => navigate(`/home/newStockBuy?id=${encodeURIComponent(offering.id)}`)}
        aria-describedby={titleId}
        data-testid={`ns-open-${offering.id}`}
      >
        {offering.phase === 'open' && offering.channelOpen ? t('ui.newShare.subscribe') : t('ui.newShare.details')}
      </Button>
    </article>
  );
}

/** One kind's offerings; `limit` shows only the first few (home tab) with a link to the whole list. */
export function NewShareList({
  kind,
  limit,
  refreshable = true,
}: {
  kind: NewShareKind;
  limit?: number;
  refreshable?: boolean;
}) {
  const { t } = useTranslation();
  const query = useNewShareList(kind, limit ?? undefined);
  const rows = flattenById(query.data?.pages);
  if (query.isPending)
    return (
      <section className="card">
        <Loading rows={5} />
      </section>
    );
  if (query.isError && rows.length === 0)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  let body: ReactNode = (
    <div className="ns-list" data-testid={`ns-list-${kind}`}>
      {shown.length === 0 ? (
        <section className="card">
          <Empty text={t('ui.newShare.empty')} />
        </section>
      ) : (
        shown.map((offering) => <NewShareCard key={offering.id} offering={offering} />)
      )}
      {limit === undefined ? <NextPages query={query} shown={rows.length} /> : null}
      {limit !== undefined && shown.length > 0 ? (
        <Link to={`/home/newStock?tab=${kind}`} className="more-link" data-testid={`ns-all-${kind}`}>
          {t('ui.newShare.all')}
        </Link>
      ) : null}
    </div>
  );
  if (refreshable)
    body = (
      <PullRefresh onRefresh={() => query.refetch()}>
        <div className="pull-area">{body}</div>
      </PullRefresh>
    );
  return body;
}

/** The §12.2 headline block: issue price, market price and premium spread. */
export function Headline({ detail }: { detail: NewShareData }) {
  return <PriceCompare offering={detail} spread={detail.premiumSpread} />;
}
