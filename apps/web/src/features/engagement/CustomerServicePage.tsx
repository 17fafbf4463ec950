import { useTranslation } from 'react-i18next';
import { useConfig, useIsLoggedIn, useUserInfo } from '../../api/queries';
import { ChatIcon } from '../../components/Icons';
import { Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { useOnline } from './useOnline';
import './engagement.css';

/**
 * The chat link: the configured `service_link` plus the user's public account number, URL-encoded
 * (nothing appended without a session). Never the internal user id: the chat provider is a third
 * party, and the account number is what the user and the back office both know (docs/decisions.md,
 * "A newcomer's first hour").
 */
export function serviceChatLink(serviceLink: string | undefined, account: string | undefined): string | null {
  const base = serviceLink?.trim();
  if (!base) return null;
  return `${base}${account ? encodeURIComponent(account) : ''}`;
}

function Contact() {
  const { t } = useTranslation();
  const online = useOnline();
  const config = useConfig();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const link = serviceChatLink(config.data?.service_link, loggedIn ? user.data?.account : undefined);
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
        {loggedIn && user.data ? (
          <dl className="detail-list sv-details">
            <div className="detail-row">
              <dt>{t('ui.service.account')}</dt>
              <dd className="num" data-testid="service-account">
                {user.data.account}
              </dd>
            </div>
          </dl>
        ) : null}
        {loggedIn ? <p className="caption">{t('ui.service.accountHint')}</p> : null}
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
 * with a button to the configured chat (`service_link` + the account number, `/common/config`; the address itself is not shown) and a few tips. Every
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
