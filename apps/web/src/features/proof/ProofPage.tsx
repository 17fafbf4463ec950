/**
 * `/information/proof` (docs/api.md §25): the latest proof of liabilities. Per currency: the date,
 * the total owed to users, the reserves (saying so when they fall below the total), and for a
 * signed-in user "your balance X is included" once the path has been checked on this device.
 */
import { Money, type ProofCurrency, type ProofSummary } from '@brokerage/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { PullRefresh } from '../../components/Lists';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount, formatDateMinutes } from '../../lib/format';
import { useSession } from '../../store/session';
import { checkOnDevice } from './proof-check';
import './proof.css';

function MyBalance({ proofId, published }: { proofId: string; published: ProofCurrency }) {
  const { t } = useTranslation();
  const account = useSession((s) => s.account);
  const { currency } = published;
  const check = useQuery({
    queryKey: ['proofMine', account, proofId, currency],
    queryFn: async () => {
      try {
        const mine = await call('proofMine', { proofId, currency }, { silent: true });
        const result = await checkOnDevice(proofId, currency, mine, published);
        return { kind: result.ok ? ('included' as const) : ('failed' as const), balance: mine.leaf.balance };
      } catch (error) {
        if (error instanceof ApiError && error.code === 'record.not_found')
          return { kind: 'none' as const, balance: '' };
        throw error;
      }
    },
    staleTime: Infinity,
  });
  if (check.isPending)
    return (
      <p className="proof-status" role="status">
        {t('ui.proof.checking')}
      </p>
    );
  if (check.isError) return <ErrorRetry onRetry={() => void check.refetch()} />;
  const { kind, balance } = check.data;
  if (kind === 'none') return <p className="proof-status">{t('ui.proof.noAccount')}</p>;
  if (kind === 'failed')
    return (
      <p className="proof-status bad" role="alert" data-testid={`proof-failed-${currency}`}>
        {t('ui.proof.failed')}
      </p>
    );
  return (
    <div>
      <p className="proof-status ok" data-testid={`proof-included-${currency}`}>
        {t('ui.proof.included', { amount: `${formatAmount(balance, currency)} ${currency}` })}
      </p>
      <p className="proof-root">{t('ui.proof.includedHint')}</p>
    </div>
  );
}

function CurrencyCard({ proof, published }: { proof: ProofSummary; published: ProofCurrency }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { currency } = published;
  const reserve = proof.reserves.find((r) => r.currency === currency);
  const reserves = Money.of(reserve?.amount ?? '0', currency);
  const short = reserves.isLessThan(Money.of(published.total, currency));
  return (
    <section className="proof-card" data-testid={`proof-${currency}`} aria-labelledby={`proof-h-${currency}`}>
      <h2 id={`proof-h-${currency}`}>{currency}</h2>
      <div className="proof-row">
        <span>{t('ui.proof.total')}</span>
        <strong>{formatAmount(published.total, currency)}</strong>
      </div>
      <div className="proof-row">
        <span>{t('ui.proof.reserves')}</span>
        <strong>{formatAmount(reserves.toString(), currency)}</strong>
      </div>
      <p className={`proof-status ${short ? 'bad' : 'ok'}`} data-testid={`proof-reserve-${currency}`}>
        {t(short ? 'ui.proof.shortfall' : 'ui.proof.covered')}
      </p>
      <div className="proof-row">
        <span>{t('ui.proof.accounts')}</span>
        <strong>{published.leaves}</strong>
      </div>
      {published.flooredAccounts > 0 && (
        <div className="proof-row">
          <span>{t('ui.proof.floored')}</span>
          <strong>{published.flooredAccounts}</strong>
        </div>
      )}
      {loggedIn ? (
        <MyBalance proofId={proof.proofId} published={published} />
      ) : (
        <p className="proof-status">{t('ui.proof.loginToCheck')}</p>
      )}
      <p className="proof-root">
        {t('ui.proof.root')}: {published.root}
      </p>
    </section>
  );
}

export default function ProofPage() {
  const { t } = useTranslation();
  const latest = useQuery({ queryKey: ['proofLatest'], queryFn: () => call('proofLatest', {}, { silent: true }) });
  let body;
  if (latest.isPending) body = <Loading />;
  else if (latest.isError) body = <ErrorRetry onRetry={() => void latest.refetch()} />;
  else if (!latest.data || latest.data.currencies.length === 0) body = <Empty text={t('ui.proof.empty')} />;
  else {
    const proof = latest.data;
    body = (
      <>
        <p className="proof-intro">{t('ui.proof.asOf', { date: formatDateMinutes(proof.asOf) })}</p>
        {proof.currencies.map((c) => (
          <CurrencyCard key={c.currency} proof={proof} published={c} />
        ))}
      </>
    );
  }
  return (
    <SubPage title={t('ui.proof.title')}>
      <PullRefresh onRefresh={() => latest.refetch()}>
        <div className="proof-page" data-testid="proof-page">
          <p className="proof-intro">{t('ui.proof.intro')}</p>
          {body}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
