import type { Notice, NoticeKind } from '@brokerage/contract';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { translator } from '../../api/client';
import { messageText } from '../../api/messages';
import { useNotices, useIsLoggedIn } from '../../api/queries';
import { formatDate } from '../../lib/format';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SubPage } from '../../components/SubPage';
import { useSession } from '../../store/session';

function NoticeList({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const read = useSession((s) => s.readMsgIds);
  const markRead = useSession((s) => s.markRead);
  const language = useSession((s) => s.language);
  if (notices.length === 0) return <Empty text={t('ui.notice.empty')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {notices.map((notice) => {
        const unread = !read.includes(notice.id);
        return (
          <li key={notice.id}>
            <button
              type="button"
              className="notice-item"
              data-testid={`notice-${notice.id}`}
              onClick={() => {
                markRead(notice.id);
                navigate(`/information/msgInfo?id=${encodeURIComponent(notice.id)}`);
              }}
            >
              <span className={unread ? 'dot unread' : 'dot'} aria-hidden="true" />
              <span style={{ flex: 1, minWidth: 0 }}>
                <span className="title" style={{ display: 'block' }}>
                  {notice.kind === 'message' ? messageText(translator, notice, language).title : notice.title}
                  {unread ? <span className="sr-only"> ({t('ui.notice.unread')})</span> : null}
                </span>
                <span className="meta num">{formatDate(notice.createdAt)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Notices and personal messages from `/user/notice` in two tabs (spec §2, docs/api.md §7.5). */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [tab, setTab] = useState<NoticeKind>('notice');
  const byKind = (kind: NoticeKind) => (notices.data ?? []).filter((notice) => notice.kind === kind);
  const read = useSession((s) => s.readMsgIds);
  const hasUnread = (kind: NoticeKind) => byKind(kind).some((notice) => !read.includes(notice.id));
  const tabTitle = (kind: NoticeKind, label: string) => (
    <span data-testid={`notice-tab-${kind}`}>
      {label}
      {hasUnread(kind) ? (
        <>
          <span className="tab-dot" aria-hidden="true" data-testid={`notice-tab-${kind}-dot`} />
          <span className="sr-only"> ({t('ui.notice.unread')})</span>
        </>
      ) : null}
    </span>
  );
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) {
    return (
      <SubPage title={t('ui.notice.title')}>
        <LoginPrompt />
      </SubPage>
    );
  }

  return (
    <SubPage title={t('ui.notice.title')} flush>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'message' ? 'message' : 'notice')}
        style={{ background: 'var(--card-bg)' }}
      >
        <Tabs.Tab title={tabTitle('notice', t('ui.notice.tabNotice'))} key="notice" />
        <Tabs.Tab title={tabTitle('message', t('ui.notice.tabMessage'))} key="message" />
      </Tabs>
      <PullToRefresh
        onRefresh={async () => {
          await notices.refetch();
        }}
        pullingText={t('ui.pull.pulling')}
        canReleaseText={t('ui.pull.release')}
        refreshingText={t('ui.pull.refreshing')}
        completeText={t('ui.pull.complete')}
      >
        <div
          style={{ minHeight: '60vh' }}
          role="tabpanel"
          aria-label={tab === 'notice' ? t('ui.notice.tabNotice') : t('ui.notice.tabMessage')}
        >
          {notices.isPending ? (
            <div style={{ padding: 16 }}>
              <Loading rows={6} />
            </div>
          ) : notices.isError ? (
            <ErrorRetry onRetry={() => void notices.refetch()} />
          ) : (
            <NoticeList notices={byKind(tab)} />
          )}
        </div>
      </PullToRefresh>
    </SubPage>
  );
}
