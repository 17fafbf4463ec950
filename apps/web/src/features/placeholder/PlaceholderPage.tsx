import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ToolIcon } from '../../components/Icons';
import { SubPage } from '../../components/SubPage';

function PlaceholderCard({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card placeholder-card" data-testid="placeholder">
      <ToolIcon />
      <h2>{title}</h2>
      <p className="muted">{t('ui.common.comingSoon')}</p>
      <Button color="primary" fill="outline" onClick={() => navigate('/home/index')}>
        {t('ui.common.goHome')}
      </Button>
    </section>
  );
}

/** A screen not built yet: its title and "coming soon", so navigation never breaks (apps/web/PLACEHOLDERS.md). */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <SubPage title={t(titleKey)}>
      <PlaceholderCard title={t(titleKey)} />
    </SubPage>
  );
}

/** The same inside the tab shell (the shell already has a header). */
export function TabPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <h1 className="sr-only">{t(titleKey)}</h1>
      <PlaceholderCard title={t(titleKey)} />
    </div>
  );
}
