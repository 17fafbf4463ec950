import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { translator } from '../../api/client';
import { messageText } from '../../api/messages';
import { useNotices, useIsLoggedIn } from '../../api/queries';
import { formatDate } from '../../lib/format';
import { RichText } from '../../components/RichText';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SubPage } from '../../components/SubPage';
import { useSession } from '../../store/session';

/** One notice or message (`?id=` in the hash query); opening it adds its id to readMsgIds. */
export default function MsgInfoPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const notices = useNotices();
  const markRead = useSession((s) => s.markRead);
  const language = useSession((s) => s.language);
  const notice = notices.data?.find((item) => item.id === id);
  const loggedIn = useIsLoggedIn();

  useEffect(() => {
    if (notice) markRead(notice.id);
  }, [notice, markRead]);

  if (!loggedIn) {
    return (
      <SubPage title={t('ui.notice.detailTitle')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  // a personal message is a code and params, translated and shown as text; only a notice for
  // everyone is operator HTML (sanitised by RichText)
  const message = notice?.kind === 'message' ? messageText(translator, notice, language) : null;
  const title = message?.title ?? notice?.title;

  return (
    <SubPage title={title ?? t('ui.notice.detailTitle')}>
      <section className="card">
        {notices.isPending ? (
          <Loading rows={6} />
        ) : notices.isError ? (
          <ErrorRetry onRetry={() => void notices.refetch()} />
        ) : !notice ? (
          <Empty text={t('ui.notice.notFound')} />
        ) : (
          <article data-testid="notice-detail">
            <h2>{title}</h2>
            <p className="caption num">{formatDate(notice.createdAt)}</p>
            {message ? (
              <p
                className="message-body"
                data-testid="message-body"
                style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {message.body}
              </p>
            ) : (
              <RichText html={notice.content} />
            )}
          </article>
        )}
      </section>
    </SubPage>
  );
}
