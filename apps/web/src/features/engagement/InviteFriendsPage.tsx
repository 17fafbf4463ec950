import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/client';
import { useConfig, useIsLoggedIn } from '../../api/queries';
import { CopyIcon } from '../../components/Icons';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { copyText } from '../../lib/clipboard';
import { PullRefresh } from '../../components/Lists';
import { useInviteInfo } from './engagement-queries';
import { ShareIcon } from './EngagementIcons';
import { registerLink } from './invite-link';
import { QrCode } from './QrCode';
import './engagement.css';

/** Web Share where the browser has it; else the link is copied. A dismissed sheet is not an error. */
export async function shareInvite(
  data: { title: string; text: string; url: string },
  messages: { copied: string; failed: string },
): Promise<'shared' | 'copied' | 'failed' | 'dismissed'> {
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'dismissed';
      // Refused (no user gesture, unsupported data): copy instead.
    }
  }
  const ok = await copyText(data.url);
  toast(ok ? messages.copied : messages.failed);
  return ok ? 'copied' : 'failed';
}

function InviteSections() {
  const { t } = useTranslation();
  const info = useInviteInfo();
  const config = useConfig();
  if (info.isPending)
    return (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  if (info.isError)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void info.refetch()} />
      </section>
    );
  const { inviteCode, invitedCount } = info.data;
  const link = registerLink(inviteCode);
  const title = config.data?.title || t('ui.app.name');
  const copy = async (text: string, done: string) => toast((await copyText(text)) ? done : t('ui.invite.copyFailed'));
  return (
    <>
      <section className="card iv-code-card" aria-labelledby="iv-code">
        <h2 id="iv-code" className="caption">
          {t('ui.invite.codeLabel')}
        </h2>
        <strong className="iv-code num" data-testid="invite-code">
          {inviteCode}
        </strong>
        <div className="iv-actions">
          <Button
            color="primary"
            fill="outline"
            onClick={() => void copy(inviteCode, t('ui.invite.copied'))}
            data-testid="invite-copy"
          >
            <CopyIcon className="btn-icon" /> {t('ui.invite.copy')}
          </Button>
          <Button
            color="primary"
            onClick={() =>
              void shareInvite(
                {
                  title: t('ui.invite.shareTitle', { title }),
                  text: t('ui.invite.shareText', { code: inviteCode }),
                  url: link,
                },
                { copied: t('ui.invite.linkCopied'), failed: t('ui.invite.copyFailed') },
              )
            }
            data-testid="invite-share"
          >
            <ShareIcon className="btn-icon" /> {t('ui.invite.share')}
          </Button>
        </div>
        <dl className="iv-count">
          <dt>{t('ui.invite.invited')}</dt>
          <dd data-testid="invite-count">{t('ui.invite.invitedCount', { count: invitedCount })}</dd>
        </dl>
      </section>
      <section className="card iv-qr-card" aria-labelledby="iv-qr">
        <h2 id="iv-qr">{t('ui.invite.qrTitle')}</h2>
        <p className="muted">{t('ui.invite.qrText')}</p>
        <div className="iv-qr-plate">
          <QrCode text={link} label={t('ui.invite.qrLabel', { code: inviteCode })} />
        </div>
        <p className="iv-link caption num" data-testid="invite-link">
          {link}
        </p>
        <Button
          fill="none"
          color="primary"
          onClick={() => void copy(link, t('ui.invite.linkCopied'))}
          data-testid="invite-copy-link"
        >
          {t('ui.invite.copyLink')}
        </Button>
      </section>
    </>
  );
}

/**
 * `/information/inviteFriends` (spec §2): the caller's invitation code with copy and share, a QR
 * code of the registration link with the code prefilled, and how many registered with it.
 */
export default function InviteFriendsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return (
    <SubPage title={t('ui.page.inviteFriends')}>
      <PullRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: ['inviteInfo'] })}>
        <div className="stack pull-area" data-testid="invite-page">
          <p className="caption ck-intro">{t('ui.invite.intro')}</p>
          {loggedIn ? <InviteSections /> : <LoginPrompt message={t('ui.invite.loginText')} />}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
