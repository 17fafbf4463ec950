/**
 * "Verify this draw" (docs/api.md §12.2): once the seed is published, the user can fetch the anonymised
 * applications and recompute every allotment in the browser (`draw-verify.ts`), and see either
 * that all match or which do not.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorRetry, Spinner } from '../../components/States';
import type { DrawVerification } from './draw-verify';
import { useDrawVerification, type NewShareData } from './newshare-queries';
import { formatShares } from './newshare-rules';

function Outcome({ result }: { result: DrawVerification }) {
  const { t } = useTranslation();
  if (result.isVerified) {
    return (
      <p className="ns-verified" role="status" data-testid="ns-verify-ok">
        {t('ui.newShare.verified', { count: result.applications, applications: formatShares(result.applications) })}
      </p>
    );
  }
  return (
    <div className="ns-verify-bad" role="alert" data-testid="ns-verify-bad">
      {!result.isSeedValid ? <p data-testid="ns-verify-seed">{t('ui.newShare.seedBad')}</p> : null}
      {!result.isTotalValid ? <p data-testid="ns-verify-total">{t('ui.newShare.totalBad')}</p> : null}
      {result.mismatches.length > 0 ? (
        <>
          <p>{t('ui.newShare.mismatches', { count: result.mismatches.length })}</p>
          <ul className="ns-mismatches">
            {result.mismatches.map((row) => (
              <li key={row.id} className="num" data-testid={`ns-mismatch-${row.id}`}>
                {t('ui.newShare.mismatchRow', {
                  id: row.id,
                  published: formatShares(row.published),
                  expected: formatShares(row.expected),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function DrawVerifier({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  const query = useDrawVerification(detail.id, detail.drawSeedHash, started);
  return (
    <section className="card" aria-labelledby="ns-verify-title" data-testid="ns-verify">
      <h2 id="ns-verify-title" className="ns-section-title">
        {t('ui.newShare.verifyTitle')}
      </h2>
      <p className="caption">{t('ui.newShare.verifyText')}</p>
      <dl className="detail-list ns-hashes">
        <div className="detail-row">
          <dt>{t('ui.newShare.seedHash')}</dt>
          <dd className="num ns-hash">{detail.drawSeedHash}</dd>
        </div>
        <div className="detail-row">
          <dt>{t('ui.newShare.seed')}</dt>
          <dd className="num ns-hash">{detail.drawSeed}</dd>
        </div>
      </dl>
      {!started ? (
        <Button block color="primary" fill="outline" onClick={() => setStarted(true)} data-testid="ns-verify-start">
          {t('ui.newShare.verifyAction')}
        </Button>
      ) : query.isPending ? (
        <Spinner label={t('ui.newShare.verifying')} />
      ) : query.isError ? (
        <ErrorRetry onRetry={() => void query.refetch()} />
      ) : (
        <Outcome result={query.data.result} />
      )}
    </section>
  );
}
