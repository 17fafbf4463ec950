import { Money } from '@brokerage/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount } from '../../lib/format';
import { DetailRow, StateTag, timeText } from '../../components/MoneyParts';
import { useBlockProduct, type BlockApplicationData, type BlockProductData } from './block-queries';
import { formatShares } from './block-rules';
import { BlockApplySection } from './BlockApplyForm';
import { blockApplicationsPath, PriceLine, ProductFigures, ProductHead } from './BlockParts';

function ResultCard({ application }: { application: BlockApplicationData }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
  }, [application.id]);
  return (
    <section ref={ref} className="card status-card tone-wait bt-result" data-testid="bt-result" aria-live="polite">
      <h2>{t('ui.block.doneTitle')}</h2>
      <p className="muted">
        {t('ui.block.doneText', {
          total: formatAmount(
            Money.of(application.amount, application.currency)
              .plus(Money.of(application.fee, application.currency))
              .toString(),
            application.currency,
          ),
        })}
      </p>
      <dl className="detail-list">
        <DetailRow label={t('ui.block.shares')}>
          <span className="num">{formatShares(application.shares)}</span>
        </DetailRow>
        <DetailRow label={t('ui.block.amount')}>
          <span className="num strong">{formatAmount(application.amount, application.currency)}</span>
        </DetailRow>
        <DetailRow label={t('ui.block.fee')}>
          <span className="num">{formatAmount(application.fee, application.currency)}</span>
        </DetailRow>
        <DetailRow label={t('ui.block.stateLabel')}>
          <StateTag state={application.state} testId="bt-result-state" />
        </DetailRow>
        <DetailRow label={t('ui.block.submittedAt')}>
          <span className="num">{timeText(application.submittedAt)}</span>
        </DetailRow>
      </dl>
      <Link to={blockApplicationsPath} data-testid="bt-result-applications">
        {t('ui.block.viewApplications')}
      </Link>
    </section>
  );
}

function ApplyBody({ product }: { product: BlockProductData }) {
  const [result, setResult] = useState<BlockApplicationData | null>(null);
  return (
    <>
      <section className="card bt-card" data-testid="bt-head">
        <ProductHead product={product} />
        <PriceLine product={product} />
        <ProductFigures product={product} />
      </section>
      {result ? <ResultCard application={result} /> : <BlockApplySection product={product} onDone={setResult} />}
    </>
  );
}

/**
 * `/home/blockTrade2?id=<block product id>` (spec §2): the product's terms and the application
 * form with every rule shown before the button, a confirmation, and the result.
 */
export default function BlockApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const loggedIn = useIsLoggedIn();
  const query = useBlockProduct(id);
  let body;
  const all = <Link to="/home/blockTrade">{t('ui.block.all')}</Link>;
  if (!loggedIn) body = <LoginPrompt message={t('ui.block.loginText')} />;
  else if (id === '')
    body = (
      <section className="card">
        <Empty text={t('ui.block.notFound')} action={all} />
      </section>
    );
  else if (query.isPending)
    body = (
      <section className="card">
        <Loading rows={8} />
      </section>
    );
  else if (query.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  else if (query.data === null)
    body = (
      <section className="card">
        <Empty text={t('ui.block.notFound')} action={all} />
      </section>
    );
  else body = <ApplyBody product={query.data} />;
  return <SubPage title={query.data?.name ?? t('ui.page.blockTrade')}>{body}</SubPage>;
}
