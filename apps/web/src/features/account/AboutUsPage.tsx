import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronIcon } from '../../components/Icons';
import { LegalDocument } from '../../components/LegalDocument';
import { SubPage } from '../../components/SubPage';

/** Licence attribution of the chart library (Apache-2.0 NOTICE: the notice plus a link to tradingview.com). */
export function ChartAttribution() {
  const { t } = useTranslation();
  return (
    <section className="card attribution" aria-labelledby="about-credits" data-testid="chart-attribution">
      <h2 id="about-credits">{t('ui.about.credits')}</h2>
      <p className="caption">
        {t('ui.about.chartsBy')}{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
        {' · Copyright © 2025 TradingView, Inc.'}
      </p>
    </section>
  );
}

/** The about page from `/common/legal` (kind about), with the agreement and privacy policy a tap away. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <SubPage title={t('ui.legal.about')}>
      <section className="card">
        <LegalDocument kind="about" />
      </section>
      <nav className="entry-list" aria-label={t('ui.legal.documents')}>
        <Link to="/information/aboutInfo?kind=agreement" className="entry" data-testid="about-agreement">
          <span className="entry-label">{t('ui.legal.agreement')}</span>
          <ChevronIcon className="chevron" />
        </Link>
        <Link to="/information/aboutInfo?kind=privacy" className="entry" data-testid="about-privacy">
          <span className="entry-label">{t('ui.legal.privacy')}</span>
          <ChevronIcon className="chevron" />
        </Link>
      </nav>
      <ChartAttribution />
    </SubPage>
  );
}
