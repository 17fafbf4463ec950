import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SubPage } from '../../components/SubPage';
import { CrownIcon } from './EngagementIcons';
import './engagement.css';

const steps = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * The top (premium) subscription explainer (spec §2 "screens known by content only"): what
 * subscribing to new shares at the issue price means, the premium, the steps and the risks, with
 * the way to the new shares (`/home/newStock`).
 */
export default function PremiumPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SubPage title={t('ui.page.premium')}>
      <div className="stack pm-page" data-testid="premium-page">
        <section className="card pm-hero">
          <CrownIcon className="pm-icon" />
          <p>{t('ui.premium.intro')}</p>
        </section>
        <section className="card" aria-labelledby="pm-what">
          <h2 id="pm-what">{t('ui.premium.whatTitle')}</h2>
          <p className="muted">{t('ui.premium.whatText')}</p>
        </section>
        <section className="card" aria-labelledby="pm-how">
          <h2 id="pm-how">{t('ui.premium.howTitle')}</h2>
          <ol className="pm-steps">
            {steps.map((key) => (
              <li key={key}>{t(`ui.premium.${key}`)}</li>
            ))}
          </ol>
        </section>
        <section className="card" aria-labelledby="pm-risk">
          <h2 id="pm-risk">{t('ui.premium.riskTitle')}</h2>
          <p className="muted">{t('ui.premium.riskText')}</p>
        </section>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate('/home/newStock')}
          data-testid="premium-browse"
        >
          {t('ui.premium.browse')}
        </Button>
      </div>
    </SubPage>
  );
}
