import { useTranslation } from 'react-i18next';
import { useConfig, useIsLoggedIn, useUserInfo } from '../../api/queries';
import { ChatIcon } from '../../components/Icons';
import { Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useOnline } from './useOnline';
import './engagement.css';

/** Spec §2: the chat link is the configured `service_link` plus the user id (nothing appended without a session). */
export function serviceChatLink(serviceLink: string | undefined, userId: string | undefined): string | null {
  const base = serviceLink?.trim();
  if (!base) return null;
  return `${base}${userId ?? ''}`;
}

function Contact() {
  const { t } = useTranslation();
  const online = useOnline();
  const config = useConfig();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const link = serviceChatLink(config.data?.service_link, loggedIn ? user.data?.id : undefined);
  let body;
  if (!config.data && config.isPending && online) body = <Loading rows={2} />;
  else if (link) {
    body = (
      <>
        <a
          className={online ? 'sv-open' : 'sv-open sv-disabled'}
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-disabled={!online}
          onClick={(event) => {
            if (!online) event.preventDefault();
          }}
          data-testid="service-open"
        >
          <ChatIcon className="btn-icon" /> {t('ui.service.openChat')}
        </a>
        <dl className="detail-list sv-details">
          <div className="detail-row">
            <dt>{t('ui.service.linkLabel')}</dt>
            <dd>
              <a href={link} target="_blank" rel="noopener noreferrer" className="sv-link" data-testid="service-link">
                {link}
              </a>
            </dd>
          </div>
          {loggedIn && user.data ? (
            <div className="detail-row">
              <dt>{t('ui.service.userId')}</dt>
              <dd className="num" data-testid="service-user-id">
                {user.data.id}
              </dd>
            </div>
          ) : null}
        </dl>
        {loggedIn ? <p className="caption">{t('ui.service.userIdHint')}</p> : null}
      </>
    );
  } else if (online)
    body = (
      <p className="muted" data-testid="service-unconfigured">
        {t('ui.service.unconfigured')}
      </p>
    );
  return (
    <section className="card sv-contact" aria-label={t('ui.page.service')}>
      <p>{t('ui.service.intro')}</p>
      {online ? null : (
        <p className="sv-offline" role="status" data-testid="service-offline">
          {t('ui.service.offline')}
        </p>
      )}
      {body}
    </section>
  );
}

/**
 * The customer-service page (spec §2 "customer service"): an in-app page that shows even offline,
 * with the configured chat link (`service_link` + user id, `/common/config`) and a few tips. Every
 * customer-service entry of the app leads here.
 */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  return (
    <SubPage title={t('ui.page.service')}>
      <div className="stack" data-testid="service-page">
        <Contact />
        <section className="card" aria-labelledby="sv-tips">
          <h2 id="sv-tips">{t('ui.service.tipsTitle')}</h2>
          <ul className="sv-tips muted">
            <li>{t('ui.service.tip1')}</li>
            <li>{t('ui.service.tip2')}</li>
            <li>{t('ui.service.tip3')}</li>
          </ul>
        </section>
      </div>
    </SubPage>
  );
}
