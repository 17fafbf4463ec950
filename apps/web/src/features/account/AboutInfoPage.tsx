import type { LegalKind } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LegalDocument } from '../../components/LegalDocument';
import { SubPage } from '../../components/SubPage';

// Listed here rather than imported so the page does not pull the contract's schemas into the bundle.
const legalKinds: readonly LegalKind[] = ['agreement', 'privacy', 'about'];

function asLegalKind(value: string | null): LegalKind {
  return legalKinds.find((kind) => kind === value) ?? 'agreement';
}

/** One legal document; routes carry no params (spec §2), so the kind comes from the hash query `?kind=`. */
export default function AboutInfoPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const kind = asLegalKind(search.get('kind'));
  return (
    <SubPage title={t(`ui.legal.${kind}`)}>
      <section className="card">
        <LegalDocument kind={kind} />
      </section>
    </SubPage>
  );
}
