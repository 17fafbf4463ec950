import type { LegalKind } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { useLegal } from '../api/queries';
import { formatDate } from '../lib/format';
import { RichText } from './RichText';
import { Empty, ErrorRetry, Loading } from './States';

/** One legal document from `/common/legal` with its loading, empty and error states. */
export function LegalDocument({ kind, enabled = true }: { kind: LegalKind; enabled?: boolean }) {
  const { t } = useTranslation();
  const query = useLegal(kind, enabled);
  if (query.isPending) return <Loading rows={8} />;
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} />;
  const doc = query.data;
  if (!doc.content.trim()) return <Empty />;
  return (
    <article data-testid={`legal-${kind}`}>
      <p className="caption">{t('ui.legal.version', { version: doc.version, date: formatDate(doc.updatedAt) })}</p>
      <RichText html={doc.content} />
    </article>
  );
}
